//! Winning lines with no loops.
//!
//! A search may reach a win by a line that passes through one position twice (a card
//! moved to and fro, a macro move that comes back where it began). Replaying such a line
//! shows nonsense, so before a line is returned every cycle is cut: the line is replayed,
//! each position is named by its exact canonical text ([`Game::key_text`], never the
//! solver's key, which may merge positions that are not the same), and when a position
//! comes back the moves since its first visit are dropped. The result is checked by
//! replaying it (every move legal, the end won); if that fails, the line is returned as
//! it was.

use crate::game::Game;
use rustc_hash::FxHashMap;

/// Lines longer than this are returned as they are (the texts would cost too much).
const MAX_LINE: usize = 200_000;

/// `line` (legal moves from `start` to a win) with every cycle cut.
pub fn untangle<G: Game>(game: &G, start: &G::State, line: Vec<G::Move>) -> Vec<G::Move> {
    if line.len() > MAX_LINE {
        return line;
    }
    let mut s = start.clone();
    let mut texts: Vec<String> = vec![game.key_text(&s)];
    let mut at: FxHashMap<String, usize> = FxHashMap::default();
    at.insert(texts[0].clone(), 0);
    let mut out: Vec<G::Move> = Vec::with_capacity(line.len());
    for &m in &line {
        game.play(&mut s, m);
        out.push(m);
        let t = game.key_text(&s);
        if let Some(&i) = at.get(&t) {
            for old in texts.drain(i + 1..) {
                at.remove(&old);
            }
            out.truncate(i);
        } else {
            at.insert(t.clone(), texts.len());
            texts.push(t);
        }
    }
    if out.len() < line.len() && replays(game, start, &out) {
        out
    } else {
        line
    }
}

/// True if `line` is legal moves from `start` that end in a won position.
pub fn replays<G: Game>(game: &G, start: &G::State, line: &[G::Move]) -> bool {
    let mut s = start.clone();
    let mut legal = Vec::new();
    for &m in line {
        legal.clear();
        game.moves(&s, &mut legal);
        if !legal.contains(&m) {
            return false;
        }
        game.play(&mut s, m);
    }
    game.is_won(&s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::clock::Clock;
    use crate::testing::{deal, solve_limited};
    use std::collections::HashSet;

    /// The canonical texts of the positions along `line` from `start`, the start included.
    fn texts<G: Game>(g: &G, start: &G::State, line: &[G::Move]) -> Vec<String> {
        let mut s = start.clone();
        let mut out = vec![g.key_text(&s)];
        for &m in line {
            g.play(&mut s, m);
            out.push(g.key_text(&s));
        }
        out
    }

    #[test]
    fn a_returned_line_never_visits_a_position_twice() {
        let g = Clock::from_options(&[]).unwrap();
        let s = deal(&g, 1);
        let out = solve_limited(&g, &s, 2_000_000, false);
        assert_eq!(out.verdict, crate::solver::Verdict::Won);
        assert!(replays(&g, &s, &out.moves));
        let t = texts(&g, &s, &out.moves);
        let distinct: HashSet<&String> = t.iter().collect();
        assert_eq!(distinct.len(), t.len(), "{} moves", out.moves.len());
    }

    #[test]
    fn detours_are_cut_back_to_the_line() {
        let g = Clock::from_options(&[]).unwrap();
        let s = deal(&g, 1);
        let line = solve_limited(&g, &s, 2_000_000, false).moves;
        // Along the line, find a move and a move back to the same position, and play the
        // pair three times at each place where there is one.
        let mut tangled = Vec::new();
        let mut at = s.clone();
        let (mut legal, mut back) = (Vec::new(), Vec::new());
        let mut detours = 0;
        for &m in &line {
            legal.clear();
            g.moves(&at, &mut legal);
            let here = g.key_text(&at);
            'find: for &a in &legal {
                let mut c = at.clone();
                g.play(&mut c, a);
                back.clear();
                g.moves(&c, &mut back);
                for &b in &back {
                    let mut d = c.clone();
                    g.play(&mut d, b);
                    if g.key_text(&d) == here {
                        for _ in 0..3 {
                            tangled.extend([a, b]);
                        }
                        detours += 1;
                        break 'find;
                    }
                }
            }
            tangled.push(m);
            g.play(&mut at, m);
        }
        assert!(detours > 10, "only {detours} detours");
        assert!(replays(&g, &s, &tangled));
        assert_eq!(untangle(&g, &s, tangled), line);
        // A line that is not a win is left as it is.
        let short = line[..line.len() - 1].to_vec();
        assert!(!replays(&g, &s, &short));
    }
}
