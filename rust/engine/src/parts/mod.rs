//! The vocabulary every game is composed from, and the solver kit.
//!
//! Layout and rules:
//! - [`pile`]: [`Pile`], a fixed-capacity stack with face-down cards; a layout is an
//!   array of piles (columns, packets, rows, cells, reserves);
//!   [`Packed`], piles end to end in one buffer, where one pile may grow to hold most
//!   cards; [`Faced`], a pile with face-down cards anywhere in it (rows dealt alternately
//!   face up and face down);
//! - [`build`]: [`Build`], the build rules (direction, suit rule, step, wrap, rank
//!   order, spaces policy), answering "may this card go on that one" and "which cards
//!   could ever rest on this one";
//! - [`ladder`]: [`Ladder`] and [`Ladders`], foundations as rank sequences from a base;
//! - [`stock`]: [`Stock`], the pack, the talon, turning, passes and re-deals;
//! - [`text`]: [`Place`], move and key texts, a default display;
//! - [`deal`]: the dealer (rows, packets, replacement), gathering, the hand;
//! - [`options`]: the options table;
//! - [`bits`]: [`Positions`], a set of positions in a fixed dealing order (talons);
//! - [`pairs`]: cards that leave two at a time (equal rank, a sum), with its safe pair.
//!
//! Solver kit (no game names in it; each piece carries its proof):
//! - the stock macro: [`Stock::reachable_tops`];
//! - [`safe`]: safe moves to the foundations from a build rule;
//! - [`key`]: bit-packed keys and canonicalisation of interchangeable places;
//! - [`relax`]: the fixed-point skeleton of relaxed dead-position tests;
//! - [`one_pass`]: that test for piles fed by one pass through a pack (talon games);
//! - [`order`]: move-ordering helpers;
//! - the generic `prune` switch is [`crate::solver::Limits::plain`].
//!
//! Games import parts; no part imports a game.

pub mod bits;
pub mod build;
pub mod deal;
pub mod key;
pub mod ladder;
pub mod one_pass;
pub mod options;
pub mod order;
pub mod pairs;
pub mod pile;
pub mod relax;
pub mod reserve;
pub mod safe;
pub mod stock;
pub mod text;

pub use bits::Positions;
pub use build::{
    down_alternate, down_same_suit, up_in_suit, Build, Dir, RankOrder, Space, SuitRule,
};
pub use deal::{gather, gather_shuffled, withdraw_bases, Dealer, Hand};
pub use key::{sort_among, sort_groups, sort_labelled, BitWriter, ByRank, ByteKey};
pub use ladder::{Base, Ladder, Ladders};
pub use one_pass::{one_pass_lost, Climb, OnePass, ACE_TO_KING};
pub use options::{Opt, OptKind, Parsed};
pub use order::stable_partition;
pub use pairs::{
    each_pair, each_two_swaps, equal_rank, first_pair, has_pair, perfect_pairing, safe_equal_pair,
    sum_is,
};
pub use pile::{move_run, move_top, Faced, Packed, Pile, SuitRun};
pub use relax::fixed_point_window;
pub use relax::{fixed_point, Relaxed};
pub use reserve::Reserve;
pub use safe::neighbours_only;
pub use safe::{return_sets, safe_by_mask, safe_to_foundation, up_to_heights};
pub use stock::{Stock, StockRule, StockStep};
pub use text::{display_lines, move_text, run_text, KeyText, Picture, Place};
