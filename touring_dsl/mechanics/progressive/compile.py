"""Mechanics, Progressive Touring, the compile step: the `progressive` section -> Progressive (or None),
with its errors: E290 (a table size no setup seats), E291 (partners at a table, and how they move,
disagree), E223 (a table below two players, a round below a minute, no prize).

`build` is the compiler's Build (language.build): build.one finds the statements, build.c.error reports,
build.merged_provenance gathers the citations; `setups` are the compiled setups, which seat the tables.
"""
from __future__ import annotations

from .model import Progressive


def compile_progressive(build, setups) -> Progressive | None:
    """The party's rules, each table size checked against the setups that seat it; None without the section."""
    head = build.one("progressive")
    if head is None:
        return None
    tables, rounds, prizes, partners = (build.one("progressive", name)
                                        for name in ("tables", "rounds", "prizes", "partners"))
    # without `tables of`, a table seats four (the number both sheets use), named at the section's head
    sizes = tables.data["sizes"] if tables else [_Four(head.span)]
    side_size: dict[int, int] = {}
    for setup in setups:  # a table of n is played by the first setup that seats n
        for n in setup.players:
            side_size.setdefault(n, setup.side_size)
    partner_sizes = table_sizes(build, sizes, side_size)
    if rounds is not None and rounds.data["minutes"].value < 1:
        build.c.error("E223", "a round must last at least one minute", rounds.data["minutes"].span)
    if prizes is not None and prizes.data["places"].value < 1:
        build.c.error("E223", "a party needs at least one prize", prizes.data["places"].span)
    check_partners(build, partners, partner_sizes, sizes[0].span)
    return Progressive(table=sizes[0].value, tables=tuple(n.value for n in sizes),
                       partners=bool(partner_sizes),
                       partners_stay=partners is None or partners.data["move"] == "together",
                       minutes=rounds.data["minutes"].value if rounds else None,
                       winners_move_up=build.one("progressive", "winners_move_up") is not None,
                       restart=build.one("progressive", "restart") is not None,
                       prizes=prizes.data["places"].value if prizes else 1,
                       umpire=build.one("progressive", "umpire") is not None,
                       provenance=build.merged_provenance("progressive", "progressive touring"))


class _Four:
    """The table size a section without `tables of` takes, located at the section's head."""

    value = 4

    def __init__(self, span):
        self.span = span


def table_sizes(build, sizes: list, side_size: dict[int, int]) -> list[int]:
    """Checks each table size against the setups; returns the sizes whose tables seat partners."""
    partner_sizes = []
    for n in sizes:
        if n.value < 2:
            build.c.error("E223", "a table needs at least two players", n.span)
        elif n.value not in side_size:
            build.c.error("E290", f"no setup seats a table of {n.value}", n.span,
                          "each table plays the setup for that many players: add one, or choose from "
                          + ", ".join(map(str, sorted(side_size))))
        elif side_size[n.value] > 1:
            partner_sizes.append(n.value)
    return partner_sizes


def check_partners(build, partners, partner_sizes: list[int], where) -> None:
    """E291: tables of partners must say how partners move, and `partners` needs a table of partners."""
    if partner_sizes and partners is None:
        build.c.error("E291", f"tables of {partner_sizes[0]} seat partners, but the section does not say how "
                      "partners move", where, "add `partners stay together` or `partners separate`")
    elif partners is not None and not partner_sizes:
        build.c.error("E291", "`partners` is written, but no table seats partners", partners.span,
                      "remove it, or seat a table with a setup that plays sides of two or more")
