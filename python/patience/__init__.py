"""patience: deal, play, check and exhaustively solve the patience games of *Lady
Cadogan's Illustrated Games of Solitaire or Patience* (1914).

>>> import patience
>>> g = patience.game("canfield-or-klondike")
>>> state = g.deal(1).start()
>>> "turn" in state.moves()
True
>>> patience.game("canfield-or-klondike").solve(1).verdict in ("won", "lost", "unknown")
True

The engine is Rust (``patience._engine``); :mod:`patience.reference` is a slow
pure-Python engine written independently from the same rule files, used by the tests.
"""

from ._api import (
    PLACE_KINDS,
    Card,
    Deal,
    Game,
    GameInfo,
    Hint,
    Move,
    OptionInfo,
    Place,
    Progress,
    SeedResult,
    Solution,
    State,
    Verdict,
    deal_from_text,
    game,
    games,
    interrupt_all,
    solve_many,
    state_from_record,
)
from ._engine import __version__
from ._names import ALIASES, Alias
from .chart import survey_chart
from .errors import (
    CardError,
    DealError,
    EngineBug,
    IllegalMoveError,
    LimitError,
    OptionError,
    PatienceError,
    PlaceError,
    SeedError,
    UnknownGameError,
)
from .rules_text import rules
from .survey import SurveyReport, SurveyStoreError, survey, survey_report, wilson_interval

__all__ = [
    "ALIASES",
    "Alias",
    "Card",
    "CardError",
    "Deal",
    "DealError",
    "EngineBug",
    "Game",
    "GameInfo",
    "Hint",
    "IllegalMoveError",
    "LimitError",
    "Move",
    "SeedResult",
    "SurveyReport",
    "SurveyStoreError",
    "OptionError",
    "OptionInfo",
    "PLACE_KINDS",
    "Place",
    "PlaceError",
    "Progress",
    "PatienceError",
    "SeedError",
    "Solution",
    "State",
    "UnknownGameError",
    "Verdict",
    "__version__",
    "deal_from_text",
    "game",
    "games",
    "interrupt_all",
    "rules",
    "solve_many",
    "state_from_record",
    "survey",
    "survey_chart",
    "survey_report",
    "wilson_interval",
]
