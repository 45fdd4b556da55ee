//! Test support shared by every game's unit tests: cards from text, move texts, playing
//! by text, random walks, replaying won lines, and the check of a game's pruning against
//! the plain search ([`crate::solver::Limits::plain`]).

use crate::card::Card;
use crate::game::Game;
use crate::pack::{PackSpec, SplitMix64};
use crate::solver::{solve, Limits, Outcome, Verdict};
use std::sync::atomic::AtomicBool;

/// One card from its text (`TS`, `ah`).
pub fn card(text: &str) -> Card {
    Card::parse(text).unwrap_or_else(|_| panic!("bad card {text:?}"))
}

/// Cards from space-separated texts.
pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

/// The unshuffled pack of `pack` (CONVENTIONS 1.3).
pub fn unshuffled(pack: PackSpec) -> Vec<Card> {
    pack.cards()
}

/// The first position of seed `seed`.
pub fn deal<G: Game>(g: &G, seed: u64) -> G::State {
    let (cards, rng) = g.deal_order(seed);
    g.start(cards, rng).expect("deal")
}

/// The first position of an explicit deal (stream seeded with 0).
pub fn deal_cards<G: Game>(g: &G, cards: Vec<Card>) -> G::State {
    g.info().pack.validate(&cards).expect("a full pack");
    g.start(cards, SplitMix64::new(0)).expect("deal")
}

/// The legal moves of `s`.
pub fn moves<G: Game>(g: &G, s: &G::State) -> Vec<G::Move> {
    let mut v = Vec::new();
    if !g.is_won(s) {
        g.moves(s, &mut v);
    }
    v
}

/// The text forms of the legal moves of `s`, in the engine's order.
pub fn texts<G: Game>(g: &G, s: &G::State) -> Vec<String> {
    moves(g, s).iter().map(|&m| g.move_text(s, m)).collect()
}

/// The legal moves' texts, asserting that no text stands for two moves.
pub fn distinct_texts<G: Game>(g: &G, s: &G::State) -> Vec<String> {
    let t = texts(g, s);
    let mut u = t.clone();
    u.sort();
    u.dedup();
    assert_eq!(u.len(), t.len(), "a move text twice in {}", g.key_text(s));
    t
}

/// The same, sorted.
pub fn sorted_texts<G: Game>(g: &G, s: &G::State) -> Vec<String> {
    let mut t = texts(g, s);
    t.sort();
    t
}

/// Play the legal move whose text is `text`; panics (naming the legal ones) otherwise.
pub fn play<G: Game>(g: &G, s: &mut G::State, text: &str) {
    let legal = moves(g, s);
    match legal.iter().find(|&&m| g.move_text(s, m) == text) {
        Some(&m) => g.play(s, m),
        None => panic!(
            "{text:?} is not legal in {}; legal: {:?}",
            g.key_text(s),
            texts(g, s)
        ),
    }
}

/// A random walk of at most `steps` legal moves from `start`, checking at every step
/// that move texts are distinct and that a position with no move is won or over, and
/// calling `check` on every position. Returns the positions visited.
pub fn walk<G: Game>(
    g: &G,
    start: &G::State,
    steps: usize,
    seed: u64,
    mut check: impl FnMut(&G::State),
) -> Vec<G::State> {
    let mut rng = SplitMix64::new(seed);
    let mut s = start.clone();
    let mut seen = vec![s.clone()];
    for _ in 0..steps {
        check(&s);
        let legal = moves(g, &s);
        let mut t = texts(g, &s);
        t.sort();
        t.dedup();
        assert_eq!(
            t.len(),
            legal.len(),
            "a move text twice in {}",
            g.key_text(&s)
        );
        if legal.is_empty() {
            break;
        }
        let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
        g.play(&mut s, m);
        seen.push(s.clone());
    }
    check(&s);
    seen
}

/// Every move of `line` is legal where it is played, and the line ends in a win.
pub fn assert_replays<G: Game>(g: &G, start: &G::State, line: &[G::Move]) {
    let mut s = start.clone();
    for &m in line {
        assert!(
            moves(g, &s).contains(&m),
            "illegal {m:?} in {}",
            g.key_text(&s)
        );
        g.play(&mut s, m);
    }
    assert!(g.is_won(&s), "the line does not win: {}", g.key_text(&s));
}

/// Solve with a state limit (pruned, or plain with `plain`).
pub fn solve_limited<G: Game>(
    g: &G,
    s: &G::State,
    max_states: u64,
    plain: bool,
) -> Outcome<G::Move> {
    let limits = Limits {
        max_states: Some(max_states),
        plain,
        ..Limits::default()
    };
    solve(g, s, &limits, &AtomicBool::new(false))
}

/// What [`pruning_agrees`] compared.
#[derive(Debug, Default, Clone, Copy)]
pub struct Agreement {
    pub won: usize,
    pub lost: usize,
    pub undecided: usize,
}

/// The game's pruned search against the plain one, on late positions: for each seed, a
/// random walk of `walk_steps` from the deal, then a position every `every` steps along
/// it is solved both ways with `max_states`. Wherever both decide, the verdicts must
/// agree; every won line must replay. Returns the counts compared.
pub fn pruning_agrees<G: Game>(
    g: &G,
    seeds: std::ops::Range<u64>,
    walk_steps: usize,
    every: usize,
    max_states: u64,
) -> Agreement {
    let starts = seeds.map(|seed| (seed, deal(g, seed)));
    pruning_agrees_from(g, starts, walk_steps, every, max_states)
}

/// [`pruning_agrees`] from given starting positions (`(seed, position)`: the seed drives
/// the walk), such as positions along won lines where walks from the deal never come
/// near a win.
pub fn pruning_agrees_from<G: Game>(
    g: &G,
    starts: impl IntoIterator<Item = (u64, G::State)>,
    walk_steps: usize,
    every: usize,
    max_states: u64,
) -> Agreement {
    let mut a = Agreement::default();
    for (seed, start) in starts {
        let line = walk(g, &start, walk_steps, seed ^ 0x5eed, |_| {});
        a += pruning_agrees_on(g, line.iter().rev().step_by(every.max(1)), max_states);
    }
    a
}

impl std::ops::AddAssign for Agreement {
    fn add_assign(&mut self, b: Agreement) {
        self.won += b.won;
        self.lost += b.lost;
        self.undecided += b.undecided;
    }
}

/// [`pruning_agrees`] on given positions: each is solved pruned and plain with
/// `max_states`; wherever both decide, the verdicts must agree, and every won line must
/// replay. For games whose random walks seldom reach a position the plain search can
/// win (positions along a won line instead, say).
pub fn pruning_agrees_on<'a, G: Game>(
    g: &G,
    positions: impl IntoIterator<Item = &'a G::State>,
    max_states: u64,
) -> Agreement
where
    G::State: 'a,
{
    let mut a = Agreement::default();
    for s in positions {
        let p = solve_limited(g, s, max_states, false);
        let q = solve_limited(g, s, max_states, true);
        for o in [&p, &q] {
            if o.verdict == Verdict::Won {
                assert_replays(g, s, &o.moves);
            }
        }
        match (p.verdict, q.verdict) {
            (Verdict::Unknown, _) | (_, Verdict::Unknown) => a.undecided += 1,
            (x, y) => {
                assert_eq!(x, y, "pruned {x:?}, plain {y:?} at {}", g.key_text(s));
                if x == Verdict::Won {
                    a.won += 1;
                } else {
                    a.lost += 1;
                }
            }
        }
    }
    a
}

/// The positions along a won line from the first position of seed `seed` (found by the
/// game's pruned search with `max_states`), start and end included; empty when the
/// search does not win.
pub fn won_line<G: Game>(g: &G, seed: u64, max_states: u64) -> Vec<G::State> {
    let start = deal(g, seed);
    let out = solve_limited(g, &start, max_states, false);
    if out.verdict != Verdict::Won {
        return Vec::new();
    }
    let mut s = start.clone();
    let mut line = vec![start];
    for &m in &out.moves {
        g.play(&mut s, m);
        line.push(s.clone());
    }
    line
}

/// The segment `label:...` of a key text, without its label; panics if there is none.
pub fn key_segment(key: &str, label: &str) -> String {
    let prefix = format!("{label}:");
    key.split(' ')
        .find_map(|p| p.strip_prefix(&prefix).map(str::to_string))
        .unwrap_or_else(|| panic!("no {label} in {key}"))
}
