//! The options table: one declaration per option gives its parsing, validation, default,
//! [`GameInfo`](crate::game::GameInfo) entry and help text.
//!
//! ```
//! use patience_engine::parts::options::{Opt, OptKind, Parsed};
//! use patience_engine::game::OptValue;
//! const OPTIONS: &[Opt] = &[
//!     Opt { name: "draw", kind: OptKind::OneOf(&[1, 3]), default: OptValue::Int(1),
//!           help: "cards turned by one turn: 1 or 3" },
//!     Opt { name: "passes", kind: OptKind::Int { lo: 1, hi: 1000, none: true },
//!           default: OptValue::Int(1), help: "passes through the pack; None = unlimited" },
//! ];
//! let p = Parsed::new("some-game", OPTIONS, &[("draw".into(), OptValue::Int(3))]).unwrap();
//! assert_eq!((p.int("draw"), p.int("passes")), (Some(3), Some(1)));
//! assert!(Parsed::new("some-game", OPTIONS, &[("draw".into(), OptValue::Int(2))]).is_err());
//! ```

use crate::error::EngineError;
use crate::game::{OptValue, OptionInfo, Options};

/// What values an option takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptKind {
    /// `True` or `False`.
    Bool,
    /// An integer in `lo..=hi`, or `None` (no limit) where `none`.
    Int { lo: i64, hi: i64, none: bool },
    /// One of a few integers.
    OneOf(&'static [i64]),
}

/// One option of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Opt {
    pub name: &'static str,
    pub kind: OptKind,
    pub default: OptValue,
    pub help: &'static str,
}

impl Opt {
    /// `True`/`False`, default `False`.
    pub const fn flag(name: &'static str, help: &'static str) -> Opt {
        Opt {
            name,
            kind: OptKind::Bool,
            default: OptValue::Bool(false),
            help,
        }
    }
    /// `True`/`False`, default `True` (a rule the book's game has, with `False` to drop it).
    pub const fn flag_on(name: &'static str, help: &'static str) -> Opt {
        Opt {
            default: OptValue::Bool(true),
            ..Opt::flag(name, help)
        }
    }
    /// One of a few integers.
    pub const fn one_of(
        name: &'static str,
        values: &'static [i64],
        default: i64,
        help: &'static str,
    ) -> Opt {
        Opt {
            name,
            kind: OptKind::OneOf(values),
            default: OptValue::Int(default),
            help,
        }
    }
    /// An integer in `lo..=hi`, or also `None` (no limit) when `none`.
    pub const fn int(
        name: &'static str,
        (lo, hi): (i64, i64),
        none: bool,
        default: i64,
        help: &'static str,
    ) -> Opt {
        Opt {
            name,
            kind: OptKind::Int { lo, hi, none },
            default: OptValue::Int(default),
            help,
        }
    }
}

fn value_text(v: &OptValue) -> String {
    match v {
        OptValue::Unset => "None".into(),
        OptValue::Bool(true) => "True".into(),
        OptValue::Bool(false) => "False".into(),
        OptValue::Int(i) => i.to_string(),
    }
}

impl Opt {
    /// The `GameInfo` entry.
    pub fn info(&self) -> OptionInfo {
        OptionInfo {
            name: self.name,
            default: value_text(&self.default).into(),
            help: self.help,
            kind: self.kind,
        }
    }

    fn check(&self, v: &OptValue) -> Result<OptValue, EngineError> {
        let ok = match (self.kind, v) {
            (OptKind::Bool, OptValue::Bool(_)) => true,
            (OptKind::Int { none: true, .. }, OptValue::Unset) => true,
            (OptKind::Int { lo, hi, .. }, OptValue::Int(i)) => (lo..=hi).contains(i),
            (OptKind::OneOf(list), OptValue::Int(i)) => list.contains(i),
            _ => false,
        };
        if ok {
            return Ok(*v);
        }
        let expected = match self.kind {
            OptKind::Bool => "True or False".to_string(),
            OptKind::Int { lo, hi, none } => format!(
                "an integer from {lo} to {hi}{}",
                if none { " or None" } else { "" }
            ),
            OptKind::OneOf(list) => {
                let t: Vec<String> = list.iter().map(|i| i.to_string()).collect();
                match t.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    _ => t.join(""),
                }
            }
        };
        Err(EngineError::BadOption {
            option: self.name.into(),
            message: format!("expected {expected}, got {}", value_text(v)),
        })
    }
}

/// A game's [`GameInfo`]: its slug, title, pack and options table.
pub fn game_info(
    slug: &'static str,
    title: &'static str,
    pack: crate::pack::PackSpec,
    table: &[Opt],
) -> crate::game::GameInfo {
    crate::game::GameInfo {
        slug,
        title,
        pack,
        options: infos(table),
    }
}

/// The `GameInfo` entries of a table.
pub fn infos(table: &[Opt]) -> Vec<OptionInfo> {
    table.iter().map(Opt::info).collect()
}

/// Options checked against a table: every name known, every value allowed; defaults
/// filled in.
#[derive(Clone, Debug)]
pub struct Parsed {
    values: Vec<(&'static str, OptValue)>,
}

impl Parsed {
    /// Check `opts` (as given by the user) against `table` for the game `slug`.
    pub fn new(slug: &str, table: &[Opt], opts: &Options) -> Result<Parsed, EngineError> {
        for (name, _) in opts {
            if !table.iter().any(|o| o.name == name) {
                return Err(EngineError::UnknownOption {
                    game: slug.into(),
                    option: name.clone(),
                });
            }
        }
        let mut values = Vec::with_capacity(table.len());
        for o in table {
            let given = opts.iter().rev().find(|(n, _)| n == o.name).map(|(_, v)| v);
            let v = match given {
                Some(v) => o.check(v)?,
                None => o.default,
            };
            values.push((o.name, v));
        }
        Ok(Parsed { values })
    }

    fn get(&self, name: &str) -> &OptValue {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(&OptValue::Unset, |(_, v)| v)
    }

    /// A boolean option (false if the name is not in the table).
    pub fn bool(&self, name: &str) -> bool {
        matches!(self.get(name), OptValue::Bool(true))
    }

    /// An integer option; `None` for `None` (or a name not in the table).
    pub fn int(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            OptValue::Int(i) => Some(*i),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &[Opt] = &[
        Opt {
            name: "draw",
            kind: OptKind::OneOf(&[1, 3]),
            default: OptValue::Int(1),
            help: "h",
        },
        Opt {
            name: "passes",
            kind: OptKind::Int {
                lo: 1,
                hi: 9,
                none: true,
            },
            default: OptValue::Int(1),
            help: "h",
        },
        Opt {
            name: "german",
            kind: OptKind::Bool,
            default: OptValue::Bool(false),
            help: "h",
        },
    ];

    #[test]
    fn a_flag_on_defaults_to_true_and_can_be_turned_off() {
        const ON: &[Opt] = &[Opt::flag_on("book", "h"), Opt::flag("extra", "h")];
        let p = Parsed::new("g", ON, &[]).unwrap();
        assert_eq!((p.bool("book"), p.bool("extra")), (true, false));
        assert_eq!(ON[0].info().default, "True");
        let off = [("book".to_string(), OptValue::Bool(false))];
        assert!(!Parsed::new("g", ON, &off).unwrap().bool("book"));
        let bad = [("book".to_string(), OptValue::Int(0))];
        assert!(Parsed::new("g", ON, &bad).is_err());
    }

    fn parse(opts: &[(&str, OptValue)]) -> Result<Parsed, EngineError> {
        let o: Vec<(String, OptValue)> = opts.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        Parsed::new("g", T, &o)
    }

    #[test]
    fn defaults_values_and_errors() {
        let p = parse(&[]).unwrap();
        assert_eq!(
            (p.int("draw"), p.int("passes"), p.bool("german")),
            (Some(1), Some(1), false)
        );
        let p = parse(&[
            ("passes", OptValue::Unset),
            ("german", OptValue::Bool(true)),
        ])
        .unwrap();
        assert_eq!((p.int("passes"), p.bool("german")), (None, true));
        let e = parse(&[("draw", OptValue::Int(2))]).unwrap_err();
        assert_eq!(
            e.to_string(),
            EngineError::BadOption {
                option: "draw".into(),
                message: "expected 1 or 3, got 2".into()
            }
            .to_string()
        );
        assert!(matches!(
            parse(&[("nope", OptValue::Int(2))]),
            Err(EngineError::UnknownOption { .. })
        ));
        assert!(parse(&[("passes", OptValue::Int(10))]).is_err());
        assert!(parse(&[("draw", OptValue::Unset)]).is_err());
        assert!(parse(&[("german", OptValue::Int(1))]).is_err());
        let i = infos(T);
        assert_eq!((&*i[0].default, &*i[2].default), ("1", "False"));
        assert_eq!(Opt::one_of("draw", &[1, 3], 1, "h"), T[0]);
        assert_eq!(Opt::int("passes", (1, 9), true, 1, "h"), T[1]);
        assert_eq!(Opt::flag("german", "h"), T[2]);
    }
}
