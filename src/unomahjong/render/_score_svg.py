"""Drawing a score as SVG and HTML (the pictures of :mod:`unomahjong.render`).

Below the scoring module: ``Score._repr_html_`` draws itself with
:func:`score_html`, and ``render`` checks its arguments and calls the same
functions. They read a score's fields and never check them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._text import display_width
from ..analysis.readings import Role
from ..model.tiles import Tile
from ._hand_svg import MARGIN, groups_of, hand_desc, picture
from ._svg import CJK_FONTS, el, esc, num, text

if TYPE_CHECKING:
    from ..scoring.scorer import Score


def reading_groups(score: Score) -> list[list[Tile]] | None:
    """The concealed tiles grouped as the score reads them (melds, pairs,
    knitted and single tiles), without the winning tile; None when the
    reading does not account for them exactly."""
    hand = score.hand
    win = hand.win
    if win is None:
        return None
    groups, target = _read_groups(score, win)
    if target is None or win not in groups[target]:
        target = next((i for i, g in enumerate(groups) if win in g), None)
    if target is None:
        return None
    groups[target].remove(win)
    held = sorted(t.code for g in groups for t in g)
    if held != [t.code for t in hand.concealed]:
        return None
    kept = [sorted(g, key=lambda t: t.code) for g in groups if g]
    return sorted(kept, key=lambda g: g[0].code)


def _read_groups(score: Score, win: Tile) -> tuple[list[list[Tile]], int | None]:
    """The groups of the score's reading beyond the declared melds (winning
    tile included), with the index of the group its win role names, if any."""
    hand, d, role = score.hand, score.decomposition, score.win_role
    declared = len(hand.melds)
    groups: list[list[Tile]] = [list(m.tiles) for m in d.melds[declared:]]
    target: int | None = None
    if role.role is Role.MELD and role.index is not None and role.index >= declared:
        target = role.index - declared
    if d.pair is not None:
        if role.role is Role.PAIR:
            target = len(groups)
        groups.append([d.pair, d.pair])
    for p in d.pairs:
        if role.role is Role.PAIR and target is None and p == win:
            target = len(groups)
        groups.append([p, p])
    for tiles, tiles_role in ((d.knitted, Role.KNITTED), (d.singles, Role.SINGLE)):
        if tiles:
            if role.role is tiles_role:
                target = len(groups)
            groups.append(list(tiles))
    return groups, target


def _fan_lines(score: Score) -> tuple[list[str], float, float]:
    """The fan list drawn as text lines: (elements, width, height)."""
    fans = score.fans
    size, step = 12, 17
    zh_w = max((display_width(f.zh) for f in fans), default=4) * 6.5 + 14
    en_w = max((len(f.en) for f in fans), default=5) * 7.2 + 14
    x_zh = MARGIN
    x_en = x_zh + zh_w
    x_pts = x_en + en_w + 22
    x_cnt = x_pts + 6
    x_tot = x_cnt + 26 + 34
    out = []
    y: float = size
    for f in fans:
        cells = [
            text(x_zh, y, f.zh, size, font_family=CJK_FONTS, lang="zh"),
            text(x_en, y, f.en, size),
            text(x_pts, y, str(f.points), size, text_anchor="end"),
        ]
        if f.count > 1:
            cells.append(text(x_cnt, y, f"×{f.count}", size, fill="#555"))
        cells.append(text(x_tot, y, str(f.total), size, text_anchor="end"))
        out.append(el("g", "".join(cells), class_="fan", data_fan=f.id))
        y += step
    rule = el(
        "path", d=f"M{num(x_zh)} {num(y - size + 2)}H{num(x_tot)}", stroke="#888", stroke_width=0.8
    )
    out.append(rule)
    y += 3
    out.append(
        el(
            "g",
            text(x_en, y, "total", size, font_weight="bold")
            + text(x_tot, y, str(score.total), size, text_anchor="end", font_weight="bold"),
            class_="total",
        )
    )
    return out, x_tot, y + 4


def draw_score(score: Score, players: int, with_fans: bool) -> str:
    """The picture of ``score``, with its fan lines or without."""
    hand = score.hand
    groups = groups_of(hand, players, reading_groups(score))
    title = f"{hand}: {score.total} points"
    desc = hand_desc(hand) + f" Scores {score.total} points."
    if not with_fans:
        return picture(hand.tileset, groups, title, desc)
    lines, width, height = _fan_lines(score)
    return picture(hand.tileset, groups, title, desc, lines, (width, height))


def fan_table(score: Score) -> str:
    """The fan table of ``score`` (:func:`unomahjong.render.fan_table_html`)."""
    right = ' style="text-align:right"'
    rows = []
    for f in score.fans:
        melds = " ".join(map(str, f.melds))
        rows.append(
            f'<tr class="fan" data-fan="{esc(f.id)}"><td lang="zh">{esc(f.zh)}</td>'
            f"<td>{esc(f.en)}</td><td{right}>{f.points}</td><td{right}>{f.count}</td>"
            f"<td>{esc(melds)}</td></tr>"
        )
    head = "<tr><th>zh</th><th>en</th><th>points</th><th>count</th><th>melds</th></tr>"
    foot = (
        f'<tr><th colspan="2" style="text-align:left">total</th>'
        f"<th{right}>{score.total}</th><td></td><td></td></tr>"
    )
    return (
        '<table class="unomahjong-fans">\n<thead>'
        + head
        + "</thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody>\n<tfoot>"
        + foot
        + "</tfoot>\n</table>\n"
    )


def score_html(score: Score) -> str:
    """The picture and the fan table of ``score``
    (:func:`unomahjong.render.score_html`; ``Score._repr_html_``)."""
    svg = draw_score(score, 4, False)
    return '<div class="unomahjong-score">\n' + svg + fan_table(score) + "</div>\n"
