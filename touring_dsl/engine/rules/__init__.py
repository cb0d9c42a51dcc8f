"""Engine stage, the rules of play: one module per mechanic family, each writing its part of the kernel.

Every module states its rule in plain words, names the language construct it plays, and has functions
named for the steps of that rule. Each function takes the Emitter (engine.emitter), which knows the
ruleset's Tables and writes lines of the kernel's Python source; codegen assembles the modules into the
kernel's functions.

The modules import one another in one direction only, lowest first:

    legality

The `race`, `delays`, `zones`, `penalties`, `safety` and counter constructs are not here: their kernel
lines are in touring_dsl/mechanics/race/kernel.py, touring_dsl/mechanics/delays/kernel.py,
touring_dsl/mechanics/zones/kernel.py, touring_dsl/mechanics/penalties/play.py,
touring_dsl/mechanics/safeties.py and touring_dsl/mechanics/counters/kernel.py, which the rules reach
(zones and penalties by import, the safeties through the Emitter's steps e.shield, e.go_free,
e.keep_safety, the counter question through e.offer_counter and e.counter_responses).

A rule that must call one above it (a safety's extra turn draws cards; a hazard meets a counter before
it acts) calls a step of the Emitter instead (e.draw_cards, e.refresh, e.offer_counter,
e.counter_responses, and the safety cards' e.shield, e.go_free, e.keep_safety: declared in engine.emitter,
given their rule by engine.codegen.Emitter). A new rule module finds its place in that order: an import
against it would make an import cycle.

What a hazard does to the side it is played on (its effect: a delay, a removal, a lost turn...) is one
module of touring_dsl/mechanics/effects/ each, which writes its lines itself or through the steps here
(the delay through mechanics.delays; the removal through mechanics.race). The safety cards are one module too, mechanics/safeties.py. The
turn (`turn`, `reshuffle`: dealing, drawing, discarding and passing the turn) is the construct
touring_dsl/mechanics/turn/, which every rule here may call. Where to look for a construct of docs/language.md:

    legality.py   which cards a seat may play now (the cached masks every rule below keeps up to date)
    scoring.py    `scoring`: a finished race's points per side, read off the table (no kernel code;
                  the match of several races is engine/match.py)
"""
