"""A self-contained web page that steps through a solution (``patience solve --html``).

Every position along the win is embedded as an SVG picture (:meth:`patience.State.svg`), one
``<section class="step" data-step=N>`` each, all hidden but the current one. The page has
back / forward / autoplay buttons (with a speed), a slider over the whole line, the arrow keys
(Page Up / Page Down jump ten moves), Home/End and the space bar, and shows the move that led
to the position. The line's length is in the heading, and every move is listed beside the
picture (the current one highlighted and kept in view; a click goes to it), so a long line
is easy to move about in. The URL fragment ``#step=N`` opens the page at position N
(0 is the deal's start) and follows the stepping, so a step can be linked to. No scripts,
styles or images are loaded from anywhere else.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._api import Solution

__all__ = ["solution_html"]

_STYLE = """
body { font-family: DejaVu Sans, Arial, sans-serif; background: #173d24; color: #eef;
       margin: 1em; }
h1 { font-size: 1.2em; margin: 0 0 .3em 0; }
#bar { margin: .5em 0; }
#bar button { font-size: 1em; margin-right: .3em; }
#bar select, #bar input { vertical-align: middle; }
#slider { width: 18em; }
#move { font-family: monospace; font-size: 1.1em; min-height: 1.4em; }
#main { display: flex; align-items: flex-start; gap: 1em; }
#moves { font-family: monospace; font-size: .9em; max-height: 80vh; overflow-y: auto;
         margin: 0; padding: .3em .6em; background: #0f2a18; min-width: 16em;
         list-style: none; position: relative; }
#moves a { color: #dde; text-decoration: none; }
#moves li.current { background: #f0d060; }
#moves li.current a { color: #000; }
section[hidden] { display: none; }
"""

_SCRIPT = """
(function () {
  var steps = document.querySelectorAll("section.step");
  var last = steps.length - 1, cur = 0, timer = null;
  var counter = document.getElementById("counter"), move = document.getElementById("move");
  var play = document.getElementById("play"), slider = document.getElementById("slider");
  var speed = document.getElementById("speed");
  var list = document.getElementById("moves"), items = list.querySelectorAll("li");
  function keepInView(item) {  // scroll the list alone, never the page
    var top = item.offsetTop, bottom = top + item.offsetHeight;
    if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }
  function fromHash() {
    var m = /step=(\\d+)/.exec(location.hash);
    return m ? Math.min(parseInt(m[1], 10), last) : 0;
  }
  function show(n, setHash) {
    cur = Math.max(0, Math.min(n, last));
    for (var i = 0; i < steps.length; i++) {
      if (i === cur) { steps[i].removeAttribute("hidden"); }
      else { steps[i].setAttribute("hidden", ""); }
    }
    counter.textContent = "position " + cur + " of " + last;
    slider.value = String(cur);
    for (var j = 0; j < items.length; j++) {
      var on = items[j].getAttribute("data-step") === String(cur);
      items[j].className = on ? "current" : "";
      if (on) { keepInView(items[j]); }
    }
    move.textContent = steps[cur].getAttribute("data-move");
    document.body.setAttribute("data-current", String(cur));
    if (setHash && fromHash() !== cur) { history.replaceState(null, "", "#step=" + cur); }
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; play.textContent = "autoplay"; } }
  function toggle() {
    if (timer) { stop(); return; }
    if (cur === last) { show(0, true); }
    play.textContent = "pause";
    timer = setInterval(function () { if (cur >= last) { stop(); } else { show(cur + 1, true); } },
                        parseInt(speed.value, 10));
  }
  document.getElementById("first").onclick = function () { stop(); show(0, true); };
  document.getElementById("back").onclick = function () { stop(); show(cur - 1, true); };
  document.getElementById("next").onclick = function () { stop(); show(cur + 1, true); };
  document.getElementById("end").onclick = function () { stop(); show(last, true); };
  play.onclick = toggle;
  slider.oninput = function () { stop(); show(parseInt(slider.value, 10), true); };
  speed.onchange = function () { if (timer) { stop(); toggle(); } };
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") { stop(); show(cur + 1, true); }
    else if (e.key === "ArrowLeft") { stop(); show(cur - 1, true); }
    else if (e.key === "PageDown") { stop(); show(cur + 10, true); }
    else if (e.key === "PageUp") { stop(); show(cur - 10, true); }
    else if (e.key === "Home") { stop(); show(0, true); }
    else if (e.key === "End") { stop(); show(last, true); }
    else if (e.key === " ") { toggle(); }
    else { return; }
    e.preventDefault();
  });
  window.addEventListener("hashchange", function () { show(fromHash(), false); });
  show(fromHash(), false);
})();
"""


def solution_html(solution: Solution, title: str | None = None) -> str:
    """The page for ``solution``: every position of the win (only the start when the verdict
    is not ``won``), with its move, and the controls to step through them."""
    start = solution.start
    g = start.game
    if solution.verdict == "won":
        states = list(solution.replay())
        # The whole line is shown after the fact: turned cards are named.
        steps = solution.steps()
        texts = ["the deal"] + [f"{i}. {m.describe(reveal=True)}" for i, m in enumerate(steps, 1)]
    else:
        states = [start]
        texts = [f"the deal ({solution.verdict}: no winning line to show)"]
    seed = start.deal.seed
    heading = title or (f"{g.info.title}, seed {seed}" if seed is not None else g.info.title)
    last = len(states) - 1
    if solution.verdict == "won":
        heading += f": {last} move" + ("" if last == 1 else "s")
    listing = "".join(
        f'<li value="{i}" data-step="{i}"><a href="#step={i}">{escape(t)}</a></li>'
        for i, t in enumerate(texts)
    )
    sections = []
    for i, (st, text) in enumerate(zip(states, texts)):
        hidden = "" if i == 0 else " hidden"
        sections.append(
            f'<section class="step" id="step-{i}" data-step="{i}" '
            f'data-move="{escape(text)}"{hidden}>{st.svg()}</section>'
        )
    verdict = escape(str(solution))
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(heading)}</title><style>{_STYLE}</style></head>"
        f'<body data-current="0"><h1>{escape(heading)}</h1><p id="verdict">{verdict}</p>'
        '<div id="bar"><button id="first" title="Home">|&lt;</button>'
        '<button id="back" title="left arrow">&lt; back</button>'
        '<button id="next" title="right arrow">forward &gt;</button>'
        '<button id="end" title="End">&gt;|</button>'
        '<button id="play" title="space">autoplay</button> '
        '<select id="speed" title="autoplay speed"><option value="1500">slow</option>'
        '<option value="700" selected>normal</option><option value="250">fast</option>'
        '<option value="60">fastest</option></select> '
        f'<input type="range" id="slider" min="0" max="{last}" value="0" '
        'title="position in the line"> <span id="counter"></span></div>'
        f'<p id="move">{escape(texts[0])}</p><div id="main"><div id="board">'
        + "\n".join(sections)
        + f'</div><ol id="moves" start="0">{listing}</ol></div><script>{_SCRIPT}</script>'
        "</body></html>\n"
    )
