//! The registry of games and the object-safe interface the bindings use.
//!
//! Each game is a type implementing [`Game`]; [`Erased`] wraps it behind [`DynGame`] and
//! its states behind [`Position`], so the bindings and the CLI can hold any game while the
//! solver stays monomorphised (no rule interpreter in the hot path).

pub mod anna;
pub mod babette;
pub mod besieged_city;
pub mod blockade;
pub mod caesar;
pub mod carpet;
pub mod clock;
pub mod congress;
pub mod constitution;
pub mod empress_of_india;
pub mod fifteen;
pub mod fish_bone;
pub mod flower_garden;
pub mod fortress;
pub mod four_corners;
pub mod fourteenth;
pub mod general_sedgewick;
pub mod great_thirteen;
pub mod hemispheres;
pub mod herring_bone;
pub mod kings;
pub mod klondike;
pub mod la_belle_lucie;
pub mod la_nivernaise;
pub mod labyrinth;
pub mod light_and_shade;
pub mod louis;
pub mod margarethe;
pub mod mill;
pub mod mount_olympus;
pub mod napoleon_at_st_helena;
pub mod napoleons_square;
pub mod nation;
pub mod nestor;
pub mod olga;
pub mod queens;
pub mod red_and_black;
pub mod salic_law;
pub mod shah;
pub mod sly;
pub mod spensers_fairie_queen;
pub mod square;
pub mod sultan;
#[cfg(test)]
pub mod template;
pub mod terrace;
pub mod two_rings;
pub mod wheel;
pub mod zodiac;

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::SplitMix64;
use crate::solver::{self, Limits, Stop, Verdict};
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What a search found, with moves as text.
#[derive(Clone, Debug)]
pub struct SolveReport {
    pub verdict: Verdict,
    pub stop: Option<Stop>,
    pub moves: Vec<String>,
    pub states: u64,
    pub nodes: u64,
    pub seconds: f64,
    pub peak_bytes: u64,
}

/// A position of some game, with its rules.
pub trait Position: Send + Sync {
    /// Text forms of the legal moves, in the engine's order.
    fn moves(&self) -> Vec<String>;
    /// The position after the move with this text; an error if it is not legal here.
    fn play(&self, mv: &str) -> Result<Box<dyn Position>, EngineError> {
        self.play_named(mv).map(|(p, _)| p)
    }
    /// The position after the move with this text (in any case, outer spaces ignored) and
    /// the move's own text; an error if it is not legal here.
    fn play_named(&self, mv: &str) -> Result<(Box<dyn Position>, String), EngineError>;
    /// Every legal move's text with the key (canonical text) of the position after it,
    /// in the engine's order: one call for a whole move list, where
    /// [`Position::play_named`] would look each move up among all of them.
    fn successors(&self) -> Vec<(String, String)>;
    /// Canonical text (docs/NOTATION.md).
    fn key(&self) -> String;
    /// Readable picture.
    fn display(&self) -> String;
    fn is_won(&self) -> bool;
    /// Exhaustive search from here.
    fn solve(&self, limits: &Limits, cancel: &AtomicBool) -> SolveReport;
    fn clone_box(&self) -> Box<dyn Position>;
}

/// A game with its options, behind dynamic dispatch.
pub trait DynGame: Send + Sync {
    fn info(&self) -> GameInfo;
    /// The dealing order of a seed and the stream after it ([`Game::deal_order`]).
    fn deal_order(&self, seed: u64) -> (Vec<Card>, SplitMix64);
    /// Lay out a shuffled pack (validated first).
    fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<Box<dyn Position>, EngineError>;
    /// Solve the deals of many seeds on `threads` threads (0 = all cores); results in seed
    /// order. `on_done` is called once per finished deal (from worker threads).
    fn solve_seeds(
        &self,
        seeds: &[u64],
        limits: &Limits,
        threads: usize,
        cancel: &AtomicBool,
        on_done: &(dyn Fn(usize, &SolveReport) + Sync),
    ) -> Vec<SolveReport>;
}

/// Adapter from a [`Game`] to the object-safe traits.
pub struct Erased<G: Game>(pub Arc<G>);

struct Pos<G: Game> {
    game: Arc<G>,
    state: G::State,
}

fn solve_state<G: Game>(
    game: &G,
    start: &G::State,
    limits: &Limits,
    cancel: &AtomicBool,
) -> SolveReport {
    let out = solver::solve(game, start, limits, cancel);
    let mut moves = Vec::with_capacity(out.moves.len());
    let mut s = start.clone();
    for &m in &out.moves {
        moves.push(game.move_text(&s, m));
        game.play(&mut s, m);
    }
    debug_assert!(out.verdict != Verdict::Won || game.is_won(&s));
    SolveReport {
        verdict: out.verdict,
        stop: out.stop,
        moves,
        states: out.states,
        nodes: out.nodes,
        seconds: out.seconds,
        peak_bytes: out.peak_bytes,
    }
}

/// At most `max` characters of `text` (an ellipsis marks a cut).
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        text.chars().take(max).chain("...".chars()).collect()
    }
}

/// True if `t` is one card's text (rank and suit, either case).
fn is_card(t: &[u8]) -> bool {
    t.len() == 2
        && b"A23456789TJQK".contains(&t[0].to_ascii_uppercase())
        && b"CDHS".contains(&t[1].to_ascii_uppercase())
}

/// A position's key with what a player cannot see hidden: every face-down card (written
/// in lower case, docs/NOTATION.md) becomes `??` and the random stream of shuffled
/// re-deals (`rng:`) is left out, so that an error message gives nothing away.
pub fn public_key(key: &str) -> String {
    key.split(' ')
        .map(|seg| {
            let Some((label, body)) = seg.split_once(':') else {
                return seg.to_string();
            };
            if label == "rng" {
                return format!("{label}:?");
            }
            let b = body.as_bytes();
            if b.is_empty() || b.len() % 2 != 0 || !b.chunks(2).all(is_card) {
                return seg.to_string();
            }
            let mut out = String::with_capacity(seg.len());
            out.push_str(label);
            out.push(':');
            for c in b.chunks(2) {
                if c[0].is_ascii_lowercase() || c[1].is_ascii_lowercase() {
                    out.push_str("??");
                } else {
                    out.push(char::from(c[0]));
                    out.push(char::from(c[1]));
                }
            }
            out
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl<G: Game + 'static> Position for Pos<G> {
    fn moves(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.game.is_won(&self.state) {
            return Vec::new(); // a won game has no legal moves (CONVENTIONS 8.1)
        }
        self.game.moves(&self.state, &mut v);
        v.iter()
            .map(|&m| self.game.move_text(&self.state, m))
            .collect()
    }

    fn play_named(&self, mv: &str) -> Result<(Box<dyn Position>, String), EngineError> {
        let mut v = Vec::new();
        if !self.game.is_won(&self.state) {
            self.game.moves(&self.state, &mut v);
        }
        let wanted = mv.trim();
        for m in v {
            let text = self.game.move_text(&self.state, m);
            if text.eq_ignore_ascii_case(wanted) {
                let mut s = self.state.clone();
                self.game.play(&mut s, m);
                let next: Box<dyn Position> = Box::new(Pos {
                    game: self.game.clone(),
                    state: s,
                });
                return Ok((next, text));
            }
        }
        Err(EngineError::IllegalMove {
            mv: shorten(wanted, 60),
            position: format!("{} (legal moves here: {})", public_key(&self.key()), {
                let legal = self.moves();
                if legal.is_empty() {
                    "none".to_string()
                } else {
                    legal.join(" ")
                }
            }),
        })
    }

    fn key(&self) -> String {
        self.game.key_text(&self.state)
    }

    fn display(&self) -> String {
        self.game.display(&self.state)
    }

    fn successors(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        if self.game.is_won(&self.state) {
            return Vec::new();
        }
        self.game.moves(&self.state, &mut v);
        v.iter()
            .map(|&m| {
                let mut s = self.state.clone();
                self.game.play(&mut s, m);
                (self.game.move_text(&self.state, m), self.game.key_text(&s))
            })
            .collect()
    }

    fn is_won(&self) -> bool {
        self.game.is_won(&self.state)
    }

    fn solve(&self, limits: &Limits, cancel: &AtomicBool) -> SolveReport {
        solve_state(&*self.game, &self.state, limits, cancel)
    }

    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(Pos {
            game: self.game.clone(),
            state: self.state.clone(),
        })
    }
}

impl<G: Game + 'static> DynGame for Erased<G> {
    fn info(&self) -> GameInfo {
        self.0.info()
    }

    fn deal_order(&self, seed: u64) -> (Vec<Card>, SplitMix64) {
        self.0.deal_order(seed)
    }

    fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<Box<dyn Position>, EngineError> {
        self.0.info().pack.validate(&cards)?;
        let state = self.0.start(cards, rng)?;
        Ok(Box::new(Pos {
            game: self.0.clone(),
            state,
        }))
    }

    fn solve_seeds(
        &self,
        seeds: &[u64],
        limits: &Limits,
        threads: usize,
        cancel: &AtomicBool,
        on_done: &(dyn Fn(usize, &SolveReport) + Sync),
    ) -> Vec<SolveReport> {
        let work = |(i, &seed): (usize, &u64)| {
            let (cards, rng) = self.0.deal_order(seed);
            let report = match self.0.start(cards, rng) {
                Ok(state) => solve_state(&*self.0, &state, limits, cancel),
                Err(_) => SolveReport {
                    verdict: Verdict::Unknown,
                    stop: Some(Stop::Cancelled),
                    moves: Vec::new(),
                    states: 0,
                    nodes: 0,
                    seconds: 0.0,
                    peak_bytes: 0,
                },
            };
            on_done(i, &report);
            report
        };
        in_pool(seeds, threads, work)
    }
}

/// `work` over every item of `items` on `threads` threads (0 = all cores), results in
/// the items' order; on the calling thread alone if no pool can be had.
fn in_pool<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn((usize, &T)) -> R + Sync + Send,
) -> Vec<R> {
    let run = || items.par_iter().enumerate().map(&work).collect::<Vec<_>>();
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        Err(_) => items.iter().enumerate().map(work).collect(),
    }
}

/// Solve many positions (explicit deals, already laid out) on `threads` threads (0 = all
/// cores), the way [`DynGame::solve_seeds`] solves seeds: results in the positions'
/// order, `on_done` called once per finished position (from worker threads).
pub fn solve_positions(
    positions: &[Box<dyn Position>],
    limits: &Limits,
    threads: usize,
    cancel: &AtomicBool,
    on_done: &(dyn Fn(usize, &SolveReport) + Sync),
) -> Vec<SolveReport> {
    in_pool(positions, threads, |(i, p)| {
        let report = p.solve(limits, cancel);
        on_done(i, &report);
        report
    })
}

type Maker = fn(&Options) -> Result<Arc<dyn DynGame>, EngineError>;

fn make<G: Game + 'static>(g: Result<G, EngineError>) -> Result<Arc<dyn DynGame>, EngineError> {
    Ok(Arc::new(Erased(Arc::new(g?))))
}

/// Every game: slug and constructor, in the book's order of implementation.
const REGISTRY: &[(&str, Maker)] = &[
    (klondike::SLUG, |o| {
        make(klondike::Klondike::from_options(o))
    }),
    (napoleons_square::SLUG, |o| {
        make(napoleons_square::NapoleonsSquare::from_options(o))
    }),
    (great_thirteen::SLUG, |o| {
        make(great_thirteen::GreatThirteen::from_options(o))
    }),
    (herring_bone::SLUG, |o| {
        make(herring_bone::HerringBone::from_options(o))
    }),
    (queens::SLUG, |o| make(queens::Queens::from_options(o))),
    (constitution::SLUG, |o| {
        make(constitution::Constitution::from_options(o))
    }),
    (zodiac::SLUG, |o| make(zodiac::Zodiac::from_options(o))),
    (kings::SLUG, |o| make(kings::Kings::from_options(o))),
    (square::SLUG, |o| make(square::Square::from_options(o))),
    (fish_bone::SLUG, |o| {
        make(fish_bone::FishBone::from_options(o))
    }),
    (general_sedgewick::SLUG, |o| {
        make(general_sedgewick::GeneralSedgewick::from_options(o))
    }),
    (red_and_black::SLUG, |o| {
        make(red_and_black::RedAndBlack::from_options(o))
    }),
    (light_and_shade::SLUG, |o| {
        make(light_and_shade::LightAndShade::from_options(o))
    }),
    (anna::SLUG, |o| make(anna::Anna::from_options(o))),
    (mount_olympus::SLUG, |o| {
        make(mount_olympus::MountOlympus::from_options(o))
    }),
    (terrace::SLUG, |o| make(terrace::Terrace::from_options(o))),
    (olga::SLUG, |o| make(olga::Olga::from_options(o))),
    (sultan::SLUG, |o| make(sultan::Sultan::from_options(o))),
    (babette::SLUG, |o| make(babette::Babette::from_options(o))),
    (margarethe::SLUG, |o| {
        make(margarethe::Margarethe::from_options(o))
    }),
    (two_rings::SLUG, |o| {
        make(two_rings::TwoRings::from_options(o))
    }),
    (napoleon_at_st_helena::SLUG, |o| {
        make(napoleon_at_st_helena::NapoleonAtStHelena::from_options(o))
    }),
    (salic_law::SLUG, |o| {
        make(salic_law::SalicLaw::from_options(o))
    }),
    (spensers_fairie_queen::SLUG, |o| {
        make(spensers_fairie_queen::SpensersFairieQueen::from_options(o))
    }),
    (four_corners::SLUG, |o| {
        make(four_corners::FourCorners::from_options(o))
    }),
    (nation::SLUG, |o| make(nation::Nation::from_options(o))),
    (la_belle_lucie::SLUG, |o| {
        make(la_belle_lucie::LaBelleLucie::from_options(o))
    }),
    (fortress::SLUG, |o| {
        make(fortress::Fortress::from_options(o))
    }),
    (flower_garden::SLUG, |o| {
        make(flower_garden::FlowerGarden::from_options(o))
    }),
    (fifteen::SLUG, |o| make(fifteen::Fifteen::from_options(o))),
    (louis::SLUG, |o| make(louis::Louis::from_options(o))),
    (clock::SLUG, |o| make(clock::Clock::from_options(o))),
    (shah::SLUG, |o| make(shah::Shah::from_options(o))),
    (mill::SLUG, |o| make(mill::Mill::from_options(o))),
    (blockade::SLUG, |o| {
        make(blockade::Blockade::from_options(o))
    }),
    (congress::SLUG, |o| {
        make(congress::Congress::from_options(o))
    }),
    (labyrinth::SLUG, |o| {
        make(labyrinth::Labyrinth::from_options(o))
    }),
    (wheel::SLUG, |o| make(wheel::Wheel::from_options(o))),
    (caesar::SLUG, |o| make(caesar::Caesar::from_options(o))),
    (sly::SLUG, |o| make(sly::Sly::from_options(o))),
    (hemispheres::SLUG, |o| {
        make(hemispheres::Hemispheres::from_options(o))
    }),
    (nestor::SLUG, |o| make(nestor::Nestor::from_options(o))),
    (fourteenth::SLUG, |o| {
        make(fourteenth::Fourteenth::from_options(o))
    }),
    (carpet::SLUG, |o| make(carpet::Carpet::from_options(o))),
    (la_nivernaise::SLUG, |o| {
        make(la_nivernaise::LaNivernaise::from_options(o))
    }),
    (empress_of_india::SLUG, |o| {
        make(empress_of_india::EmpressOfIndia::from_options(o))
    }),
    (besieged_city::SLUG, |o| {
        make(besieged_city::BesiegedCity::from_options(o))
    }),
];

/// Games whose rules version is past 1, with that version. A game's rules version is
/// stored by a survey with every deal it solves, and a survey refuses to combine deals of
/// one game solved under different versions, so that results from before and after a
/// change of the game are never counted together. Raise a game's number (adding it here
/// at 2) whenever a change can alter which lines of play are legal in any of its deals:
/// its rules or their readings, its options' meaning, its deal, its automatic steps; not
/// for a change of the solver (CONTRIBUTING.md, "Rules versions"). A game not listed is
/// at version 1.
const RULES_VERSIONS: &[(&str, u32)] = &[
    // Issue 26, the book's readings (2026-12): the talon onto the Auxiliaries; the
    // opening's immediate refill; 36 packets and the re-deal only when nothing goes up;
    // the re-deal only when nothing goes up; a dealt card that fits goes up; the talon
    // top free while spaces are open; the Terrace first; a usable turned card is used;
    // automatic pairing; the grace from row 6 only.
    (light_and_shade::SLUG, 2),
    (congress::SLUG, 2),
    (la_belle_lucie::SLUG, 2),
    (four_corners::SLUG, 2),
    (sly::SLUG, 2),
    (shah::SLUG, 2),
    (terrace::SLUG, 2),
    (napoleon_at_st_helena::SLUG, 2),
    (fourteenth::SLUG, 2),
    (fifteen::SLUG, 2),
];

/// The rules version of the game `slug` (see [`RULES_VERSIONS`]); 1 unless listed there.
pub fn rules_version(slug: &str) -> u32 {
    RULES_VERSIONS
        .iter()
        .find(|(s, _)| *s == slug)
        .map_or(1, |&(_, v)| v)
}

/// The game `slug` with the given options.
pub fn game(slug: &str, opts: &Options) -> Result<Arc<dyn DynGame>, EngineError> {
    let wanted = slug.trim().to_ascii_lowercase().replace('_', "-");
    for (s, maker) in REGISTRY {
        if *s == wanted {
            return maker(opts);
        }
    }
    Err(EngineError::UnknownGame(slug.to_string()))
}

/// Metadata of every game, with default options.
pub fn all_games() -> Vec<GameInfo> {
    REGISTRY
        .iter()
        .filter_map(|(_, maker)| maker(&[]).ok())
        .map(|g| g.info())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_versions_name_registered_games_once_past_one() {
        for (i, (slug, v)) in RULES_VERSIONS.iter().enumerate() {
            assert!(REGISTRY.iter().any(|(s, _)| s == slug), "{slug} is no game");
            assert!(*v >= 2, "{slug}: a version of 1 needs no entry");
            assert!(
                !RULES_VERSIONS[..i].iter().any(|(s, _)| s == slug),
                "{slug} twice"
            );
            assert_eq!(rules_version(slug), *v);
        }
        assert_eq!(rules_version(klondike::SLUG), 1);
    }

    #[test]
    fn successors_are_the_legal_moves_each_with_its_next_key() {
        let g = game("canfield-or-klondike", &[]).unwrap();
        let (cards, rng) = g.deal_order(3);
        let pos = g.start(cards, rng).unwrap();
        let next = pos.successors();
        let texts: Vec<String> = next.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(texts, pos.moves());
        assert!(next.len() > 1);
        for (text, key) in &next {
            assert_eq!(*key, pos.play(text).unwrap().key(), "{text}");
        }
    }

    #[test]
    fn public_key_hides_face_down_cards_and_the_stream() {
        assert_eq!(
            public_key("T1:9S T2:7sJH T3:tsahQD pack:3c8h talon: pass:1 rng:0123456789abcdef"),
            "T1:9S T2:??JH T3:????QD pack:???? talon: pass:1 rng:?"
        );
        assert_eq!(
            public_key("dir:dd-- pending:F1 HB:KD"),
            "dir:dd-- pending:F1 HB:KD"
        );
    }

    #[test]
    fn an_illegal_move_names_no_face_down_card() {
        let g = game("canfield-or-klondike", &[]).unwrap();
        let (cards, rng) = g.deal_order(1);
        let pos = g.start(cards, rng).unwrap();
        let key = pos.key();
        let err = pos.play("t1>f4").err().unwrap().to_string();
        assert!(err.contains("t1>f4") && err.contains("turn"), "{err}");
        for seg in key.split(' ') {
            let (_, body) = seg.split_once(':').unwrap();
            for c in body.as_bytes().chunks(2) {
                if c.len() == 2 && c[1].is_ascii_lowercase() {
                    let hidden = std::str::from_utf8(c).unwrap();
                    assert!(!err.to_lowercase().contains(&format!(":{hidden}")), "{err}");
                }
            }
        }
        assert!(!err.contains("pack:") || err.contains("pack:??"), "{err}");
    }

    #[test]
    fn a_move_is_accepted_in_any_case_and_named_in_its_own() {
        let g = game("canfield-or-klondike", &[]).unwrap();
        let (cards, rng) = g.deal_order(1);
        let pos = g.start(cards, rng).unwrap();
        let (next, text) = pos.play_named("  TURN ").unwrap();
        assert_eq!(text, "turn");
        assert_eq!(next.key(), pos.play("turn").unwrap().key());
        assert_ne!(next.key(), pos.key());
    }
}
