"""Compile stage against the sources: every number an archive edition holds, checked against its rule sheet.

Each expected value carries a comment naming the file in /work/shared/sources (or shared/sources in
a checkout's sibling folder) and the heading of the section it comes from. Where the edition had to
decide something the sheet does not print, the comment says so and names the assumption.
"""
from __future__ import annotations

import pytest

from touring_dsl.language.archive import load
from touring_dsl.language.model import Ruleset


def counts(r: Ruleset) -> dict[str, int]:
    return {c.name: c.count for c in r.deck}


def piles(race) -> dict[str, int]:
    return {p.card: p.needs for p in race.piles}


def miles(r: Ruleset) -> dict[str, int]:
    return {c.name: c.miles for c in r.deck if c.kind == "mileage"}


def setup(r: Ruleset, players: int, label: str | None = None):
    found = [s for s in r.setups if players in s.players and (label is None or s.label == label)]
    assert len(found) == 1, [s.label for s in found]
    return found[0]


def race_total(r: Ruleset, race) -> int:
    value = miles(r)
    return sum(value[p.card] * p.needs for p in race.piles)


# touring-1906 --------------------------------------------------------------------------------------

class TestTouring1906:
    @pytest.fixture
    def r(self) -> Ruleset:
        return load("touring-1906")  # archive.load caches compiled editions

    def test_deck(self, r):
        # touring-1906.txt, "The Deck 1906": "composed of 100 cards", then the twelve counts.
        assert sum(counts(r).values()) == 100
        assert counts(r) == {
            "1 Mile": 20, "3 Miles": 10, "5 Miles": 10, "10 Miles": 12,  # The Deck 1906
            "Go": 15, "Gasoline": 8, "Hauled In": 8,                     # The Deck 1906
            "City Limits": 4, "Country": 5,                              # The Deck 1906
            "Collision": 3, "Out of Gasoline": 3, "Puncture": 2,         # The Deck 1906
        }
        # touring-1906.txt, "Delay cards": "The DELAY cards are eight in number" (3 + 3 + 2).
        assert sum(c.count for c in r.deck if c.kind == "hazard") == 8
        assert miles(r) == {"1 Mile": 1, "3 Miles": 3, "5 Miles": 5, "10 Miles": 10}

    def test_race(self, r):
        # touring-1906.txt, heading "A RACE OF 50 MILES" and "General outline": "8 - 4 - 2 - 2".
        assert r.race.miles == 50
        assert piles(r.race) == {"1 Mile": 8, "3 Miles": 4, "5 Miles": 2, "10 Miles": 2}
        assert race_total(r, r.race) == 50

    def test_piles_flags(self, r):
        flags = {p.card: (p.protected, p.face_down, p.tally) for p in r.race.piles}
        # touring-1906.txt, "General outline": the 1 and 3 piles are turned over when complete and
        # "are not attacked by Delay cards"; the fifth 1 Mile card is turned to help count.
        assert flags["1 Mile"] == (True, True, 5)
        assert flags["3 Miles"] == (True, True, None)
        # "General outline": the 5 and 10 piles are subject to delays and stay face up.
        assert flags["5 Miles"] == (False, False, None)
        assert flags["10 Miles"] == (False, False, None)

    def test_players_and_teams(self, r):
        # touring-1906.txt, "Rule 1": preferably two, four or six; four or six play partners on one
        # set of piles per side; three may play with a shortened race. "Any number can play": the edition
        # seats five on the three-player terms (assumed) and sends more than six to several tables.
        assert r.player_counts() == (2, 3, 4, 5, 6)
        assert (setup(r, 2).sides, setup(r, 2).side_size) == (None, 1)
        assert (setup(r, 3).sides, setup(r, 3).side_size) == (None, 1)
        assert (setup(r, 4).sides, setup(r, 4).side_size) == (2, 2)
        # Rule 1 does not say how six divide; the edition assumes three against three (as in 1937).
        assert (setup(r, 6).sides, setup(r, 6).side_size) == (2, 3)
        assert all(s.decks == 1 for s in r.setups)
        five, three = setup(r, 5), setup(r, 3)
        assert (five.sides, five.removals) == (None, three.removals)
        assert [(p.card, p.needs) for p in five.race.piles] == [(p.card, p.needs) for p in three.race.piles]
        assert five.race.miles == three.race.miles == 30
        assert any("Five play each for themselves" in a.text for a in five.provenance.assumptions)
        assert any("more than six" in note.lower() for note, _ in r.notes)

    def test_three_players(self, r):
        three = setup(r, 3)
        # touring-1906.txt, "Rule 1": take one of each delay card out of the pack...
        assert dict(three.removals) == {"Collision": 1, "Out of Gasoline": 1, "Puncture": 1}
        # ...and limit the race to thirty miles: four 1s, two 3s, two 5s, one 10.
        assert three.race.miles == 30
        assert piles(three.race) == {"1 Mile": 4, "3 Miles": 2, "5 Miles": 2, "10 Miles": 1}
        assert race_total(r, three.race) == 30
        # Rule 1 gives every other seating the full race.
        for players in (2, 4, 6):
            assert setup(r, players).race.miles == 50
            assert setup(r, players).removals == ()

    def test_turn(self, r):
        # touring-1906.txt, "Rule 3", paragraph 1: five cards dealt; one drawn before each play.
        assert (r.turn.hand, r.turn.draw, r.turn.draw_before_play) == (5, 1, True)
        # "Rule 3", paragraph 2: before a Go only delay, Country and City Limits cards are effective.
        assert set(r.turn.before_go) == {"hazard", "zone"}

    def test_delays(self, r):
        chains = {c.hazard: c.steps for c in r.delays.chains}
        # touring-1906.txt, "Delay cards": Collision needs Hauled In then Go; Out of Gasoline needs
        # Gasoline then Go; Puncture needs only a Go.
        assert chains == {"Collision": ("Hauled In", "Go"), "Out of Gasoline": ("Gasoline", "Go"),
                          "Puncture": ("Go",)}
        # "Delay cards": a side already delayed may not be delayed again (edition: target showing go).
        assert r.delays.target == "showing-go"

    def test_delay_hours(self, r):
        hours = {c.name: c.hours for c in r.deck if c.kind == "hazard"}
        # touring-1906.txt, "Delay cards" says each card prints its hours but not how many; the
        # figures come from the edition's outside source `cards` (assumptions on each card).
        assert hours == {"Collision": 1, "Out of Gasoline": 1, "Puncture": 2}
        assert {a.based_on for c in r.deck if c.kind == "hazard" for a in c.provenance.assumptions} == {"cards"}

    def test_penalties(self, r):
        p = r.penalties
        # touring-1906.txt, "Delay cards": delays may attack the 5s and the 10s, and no other pile.
        assert p.piles == ("5 Miles", "10 Miles")
        # "Delay cards": five miles per hour of delay in City Limits, ten in the Country.
        assert dict(p.per_hour) == {"City Limits": 5, "Country": 10}
        # Resolved table: hours (above) times the hourly rate.
        assert {(x.hazard, x.zone): x.miles for x in p.table} == {
            ("Collision", "City Limits"): 5, ("Collision", "Country"): 10,
            ("Out of Gasoline", "City Limits"): 5, ("Out of Gasoline", "Country"): 10,
            ("Puncture", "City Limits"): 10, ("Puncture", "Country"): 20,
        }
        # "Delay cards": you are entitled to take (the attacker chooses).
        assert p.chooser == "attacker"
        protected = {x.card for x in r.race.piles if x.protected}
        assert protected.isdisjoint(p.piles)

    def test_zones(self, r):
        z = r.zones
        # touring-1906.txt, "City Limits and Country" (a): a zone card affects both sides alike.
        assert z.scope == "game"
        # "City Limits and Country" (b): the game begins within city limits.
        assert z.start == "City Limits"
        allows = {x.name: set(x.allows) for x in z.zones}
        # (a): no card over five miles in City Limits; any mileage in the Country.
        assert allows == {"City Limits": {"1 Mile", "3 Miles", "5 Miles"},
                          "Country": {"1 Mile", "3 Miles", "5 Miles", "10 Miles"}}
        # (c): speeding forfeits all mileage laid and the side begins anew.
        assert z.speeding == "forfeit-all"

    def test_reshuffle(self, r):
        # touring-1906.txt, "Rule 4": the deadwood and the Go piles are reshuffled; keeping the top
        # of each Go pile is the sheet's suggestion; zone cards are not named (edition: not returned).
        assert (r.reshuffle.discard, r.reshuffle.go_piles, r.reshuffle.zone_piles) == (True, "all-but-top", "none")

    def test_progressive(self, r):
        # touring-1906.txt, "Progressive Touring": rounds of "say, 10 minutes", partners progress
        # together, scored by miles. Four at a table is the edition's assumption.
        assert (r.progressive.minutes, r.progressive.partners, r.progressive.score) == (10, True, "mileage")
        assert r.progressive.table == 4

    def test_meta(self, r):
        # touring-1906.txt, foot of the sheet: Wallie Dorr Company, New York.
        assert r.year == 1906 and "Wallie Dorr" in r.publisher
        assert r.parent is None


# touring-1937 --------------------------------------------------------------------------------------

class TestTouring1937:
    @pytest.fixture
    def r(self) -> Ruleset:
        return load("touring-1937")  # archive.load caches compiled editions

    def test_deck(self, r):
        # touring-1937.txt, "Rules for playing ... A race of 110 miles": "The game consists of 99 cards".
        assert sum(counts(r).values()) == 99
        assert counts(r) == {
            "1 Mile": 19, "3 Miles": 10, "15 Miles": 10, "30 Miles": 12,  # the card table there
            "Go": 15, "Gasoline": 8, "Hauled In": 8,
            "City Limits": 4, "Country": 5,
            "Puncture": 2, "Collision": 3, "Out of Gasoline": 3,
        }
        assert miles(r) == {"1 Mile": 1, "3 Miles": 3, "15 Miles": 15, "30 Miles": 30}

    def test_race(self, r):
        # touring-1937.txt, "A race of 110 miles": sixteen cards, eight 1s, four 3s, two 15s, two 30s.
        assert r.race.miles == 110
        assert piles(r.race) == {"1 Mile": 8, "3 Miles": 4, "15 Miles": 2, "30 Miles": 2}
        assert sum(piles(r.race).values()) == 16
        assert race_total(r, r.race) == 110

    def test_piles_flags(self, r):
        flags = {p.card: (p.protected, p.face_down) for p in r.race.piles}
        # touring-1937.txt, "A race of 110 miles": the 1 and 3 groups may be turned face down; the
        # 15 and 30 groups are subject to penalties ("Improved game with penalties": never the 1s and 3s).
        assert flags == {"1 Mile": (True, True), "3 Miles": (True, True),
                         "15 Miles": (False, False), "30 Miles": (False, False)}

    def test_players_and_teams(self, r):
        # touring-1937.txt, "Number of players": two, three, four or six; four as two against two,
        # six as three against three.
        assert r.player_counts() == (2, 3, 4, 6)
        assert (setup(r, 2).sides, setup(r, 3).sides) == (None, None)
        assert (setup(r, 4).sides, setup(r, 4).side_size) == (2, 2)
        assert (setup(r, 6).sides, setup(r, 6).side_size) == (2, 3)

    def test_three_players(self, r):
        three = setup(r, 3)
        # touring-1937.txt, "Number of players": one of each delay card out; seventy miles as four 1s,
        # two 3s, two 15s and one 30.
        assert dict(three.removals) == {"Puncture": 1, "Collision": 1, "Out of Gasoline": 1}
        assert three.race.miles == 70
        assert piles(three.race) == {"1 Mile": 4, "3 Miles": 2, "15 Miles": 2, "30 Miles": 1}
        assert race_total(r, three.race) == 70
        for players in (2, 4, 6):
            assert setup(r, players).race.miles == 110 and setup(r, players).removals == ()

    def test_turn(self, r):
        # touring-1937.txt, "Playing": five cards dealt; draw one, then play or discard one.
        assert (r.turn.hand, r.turn.draw) == (5, 1)
        # "The cards" (Go cards): without a Go one may still play a delay, City Limits or Country.
        assert set(r.turn.before_go) == {"hazard", "zone"}

    def test_delays(self, r):
        # touring-1937.txt, "The cards" (Delay cards): Puncture then Go; Out of Gasoline then Gasoline
        # then Go; Collision then Hauled In then Go.
        assert {c.hazard: c.steps for c in r.delays.chains} == {
            "Puncture": ("Go",), "Out of Gasoline": ("Gasoline", "Go"), "Collision": ("Hauled In", "Go")}
        assert all(c.hours is None and c.removes is None for c in r.deck if c.kind == "hazard")
        assert r.delays.target == "showing-go"

    def test_zones(self, r):
        z = r.zones
        # touring-1937.txt, "The cards" (City Limits): each side keeps its own Country/City Limits pile.
        assert z.scope == "side"
        # "Some notes and reminders": the game starts within city limits without the card being played.
        assert z.start == "City Limits"
        # "The cards" (Mileage cards): 1, 3 and 15 anywhere; 30 only with one's own Country showing.
        assert {x.name: set(x.allows) for x in z.zones} == {
            "City Limits": {"1 Mile", "3 Miles", "15 Miles"},
            "Country": {"1 Mile", "3 Miles", "15 Miles", "30 Miles"}}
        # "Some notes and reminders": Country to one's own space; City Limits on an opponent (and,
        # per "Improved game with penalties", one's own: the edition allows any side).
        assert {p.card: p.reach for p in z.plays} == {"Country": "own", "City Limits": "any"}
        # The basic game prints no speeding forfeit: a 30 without Country is simply not playable.
        assert z.speeding == "forbidden"

    def test_no_penalties_in_the_basic_game(self, r):
        # touring-1937.txt, "Playing", last note: the printed penalties apply only to the improved game.
        assert r.penalties is None

    def test_reshuffle(self, r):
        # touring-1937.txt, "Playing": when the drawing pile is exhausted, the discards, the Go piles
        # and the Country/City Limits piles, all but the top card of each, are reshuffled.
        assert (r.reshuffle.discard, r.reshuffle.go_piles, r.reshuffle.zone_piles) == (
            True, "all-but-top", "all-but-top")

    def test_progressive(self, r):
        # touring-1937.txt, "Progressive Touring": four at a table, partners opposite, twenty minutes,
        # scored by mileage.
        assert (r.progressive.table, r.progressive.partners, r.progressive.minutes) == (4, True, 20)

    def test_meta(self, r):
        # touring-1937.txt: "Copyright 1937, by PARKER BROTHERS, Inc., Salem, Massachusetts".
        assert r.year == 1937 and r.publisher.startswith("Parker Brothers")


class TestTouring1937Penalties:
    @pytest.fixture
    def r(self) -> Ruleset:
        return load("touring-1937-penalties")  # archive.load caches compiled editions

    def test_inherits_the_basic_game(self, r):
        base = load("touring-1937")
        assert r.parent == "touring-1937"
        assert r.deck == base.deck and r.race == base.race and r.setups == base.setups

    def test_penalty_figures(self, r):
        p = r.penalties
        # touring-1937.txt, "Improved game with penalties": forfeits only from the 15 and 30 piles.
        assert p.piles == ("15 Miles", "30 Miles")
        # Same section: Collision costs 15 in City Limits and 30 in the Country; Puncture costs 15 in
        # the Country and nothing in the city; Out of Gasoline has no printed figure (assumed 0).
        assert {(x.hazard, x.zone): x.miles for x in p.table} == {
            ("Collision", "City Limits"): 15, ("Collision", "Country"): 30,
            ("Puncture", "Country"): 15}
        assert p.per_hour == ()
        assert p.chooser == "attacker"
        # Same section: a 15-mile forfeit against only 30s takes nothing (edition: never a larger card).
        assert p.larger_card is False
        protected = {x.card for x in r.race.piles if x.protected}
        assert protected == {"1 Mile", "3 Miles"} and protected.isdisjoint(p.piles)

    def test_speeding_forfeit(self, r):
        # touring-1937.txt, "Forfeit": a 30 played under City Limits is forfeited to the discard.
        assert r.zones.speeding == "forfeit-card"

    def test_changes_are_recorded(self, r):
        changes = [(c.op, c.key) for c in r.changes]
        # The variant adds the whole penalties section (each rule in it is listed) and changes speeding.
        assert changes[0] == ("add", "penalties") and changes[-1] == ("change", "speeding")
        assert {op for op, _ in changes} == {"add", "change"}
        assert len(changes) == 9
        assert r.penalties.forfeit == "full"


# touring-1965 and the reprint ----------------------------------------------------------------------

CLASSIC_1965 = {
    # touring-1965-modern-reprint.txt, "Equipment" (the 2 Mechanic cards are left out: "Special note").
    "20 Miles": 23, "35 Miles": 12, "50 Miles": 12, "75 Miles": 12,
    "Go": 13, "Gas": 7, "Tow Truck": 7, "Freeway": 7, "Speed Limit": 3,
    "Accident": 3, "Out of Gas": 3, "Burning Oil": 2, "Flat Tire": 2, "Bad Brakes": 2,
}
SHORT_RACE = {"20 Miles": 4, "35 Miles": 2, "50 Miles": 2, "75 Miles": 2}
FULL_RACE = {"20 Miles": 8, "35 Miles": 4, "50 Miles": 2, "75 Miles": 2}
SHORT_REMOVALS = {"Accident": 1, "Out of Gas": 1, "Burning Oil": 1, "Flat Tire": 1, "Bad Brakes": 1}


@pytest.fixture(scope="module", params=["touring-1965", "touring-reprint"])
def r1965(request) -> Ruleset:
    return load(request.param)


class TestTouring1965AndReprint:
    def test_deck(self, r1965):
        expected = dict(CLASSIC_1965)
        if r1965.id == "touring-reprint":
            expected["Mechanic"] = 2  # "Equipment": 2 Mechanic
        assert counts(r1965) == expected
        # "Equipment": "There are 110 cards in all"; the classic game omits the two Mechanics.
        assert sum(expected.values()) == (110 if r1965.id == "touring-reprint" else 108)
        assert miles(r1965) == {"20 Miles": 20, "35 Miles": 35, "50 Miles": 50, "75 Miles": 75}

    def test_race(self, r1965):
        # touring-1965-modern-reprint.txt, "Object of the game": 550 miles in sixteen cards, eight 20s,
        # four 35s, two 50s and two 75s (also "About the game": race 550 miles with sixteen cards).
        assert r1965.race.miles == 550
        assert piles(r1965.race) == FULL_RACE
        assert race_total(r1965, r1965.race) == 550
        # No pile is kept from the removal hazards.
        assert not any(p.protected for p in r1965.race.piles)

    def test_players_and_teams(self, r1965):
        # "Object of the game": 2 individuals or 4 in partnership run the full race; 3 or 4
        # individuals, or 6 as three teams, run the short race. "About partnerships", note: with two
        # decks combined, 4 or 5 play for themselves and race the full 550.
        assert r1965.player_counts() == (2, 3, 4, 5, 6)
        assert (setup(r1965, 2).sides, setup(r1965, 2).race.miles) == (None, 550)
        pairs = setup(r1965, 4, "four in two partnerships")
        assert (pairs.sides, pairs.side_size, pairs.race.miles, pairs.removals) == (2, 2, 550, ())
        six = setup(r1965, 6)
        assert (six.sides, six.side_size) == (3, 2)
        two_decks = setup(r1965, 5)
        assert (two_decks.decks, two_decks.sides, two_decks.players, two_decks.race.miles) == (2, None, (4, 5), 550)
        assert two_decks.removals == ()

    def test_short_race(self, r1965):
        # "Object of the game": one each of the five hazards (Accident to Bad Brakes) leaves the deck;
        # ten cards totalling 400 miles: four 20s, two 35s, two 50s and two 75s.
        for short in (setup(r1965, 3), setup(r1965, 4, "three or four individuals"), setup(r1965, 6)):
            assert dict(short.removals) == SHORT_REMOVALS
            assert short.race.miles == 400
            assert piles(short.race) == SHORT_RACE
            assert sum(SHORT_RACE.values()) == 10
            assert race_total(r1965, short.race) == 400

    def test_turn(self, r1965):
        # "Setting up the game": five cards each; "Playing the game": draw one, play or discard one.
        assert (r1965.turn.hand, r1965.turn.draw) == (5, 1)
        # "About the cards" (Go card): red cards may still be played while stopped.
        assert set(r1965.turn.before_go) == {"hazard", "zone"}

    def test_delays_and_removals(self, r1965):
        # "About the cards": Accident needs a Tow Truck then a Go; Out of Gas needs Gas then a Go.
        assert {c.hazard: c.steps for c in r1965.delays.chains} == {
            "Accident": ("Tow Truck", "Go"), "Out of Gas": ("Gas", "Go")}
        # "About the cards": Burning Oil, Flat Tire and Bad Brakes each take away a Miles card; which
        # card is the edition's assumption.
        assert {c.name: c.removes for c in r1965.deck if c.removes} == {
            "Burning Oil": "75 Miles", "Flat Tire": "35 Miles", "Bad Brakes": "50 Miles"}
        assert r1965.penalties is None

    def test_zones(self, r1965):
        z = r1965.zones
        # "About the cards" (Freeway, Speed Limit): each player's own Freeway; 20s and 35s without one.
        assert (z.scope, z.start) == ("side", "Speed Limit")
        assert {x.name: set(x.allows) for x in z.zones} == {
            "Speed Limit": {"20 Miles", "35 Miles"},
            "Freeway": {"20 Miles", "35 Miles", "50 Miles", "75 Miles"}}
        # Freeway next to one's own Go; Speed Limit on an opponent's Freeway.
        assert {p.card: p.reach for p in z.plays} == {"Freeway": "own", "Speed Limit": "opponent"}
        # "Speed Limit card": a 50 or 75 laid without a Freeway is forfeited to the discard pile.
        assert z.speeding == "forfeit-card"

    def test_reshuffle(self, r1965):
        # "The draw pile": discards, Go piles and zone piles, all but the top card of each.
        assert (r1965.reshuffle.discard, r1965.reshuffle.go_piles, r1965.reshuffle.zone_piles) == (
            True, "all-but-top", "all-but-top")

    def test_counters(self, r1965):
        # "About the cards" (Mechanic card): cancels Burning Oil, Flat Tire or Bad Brakes, and its
        # owner draws back to five. "Special note": the classic game omits it.
        if r1965.id == "touring-reprint":
            assert [(c.card, set(c.cancels), c.redraw) for c in r1965.counters] == [
                ("Mechanic", {"Burning Oil", "Flat Tire", "Bad Brakes"}, True)]
            assert r1965.parent == "touring-1965"
        else:
            assert r1965.counters == ()

    def test_no_progressive_game(self, r1965):
        # The modern sheet describes no progressive game.
        assert r1965.progressive is None
