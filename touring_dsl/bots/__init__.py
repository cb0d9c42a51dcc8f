"""Bots and search: the players (random, greedy, expert, search bots), strategy and search.

A layer above play and below the faces: a bot imports base, mechanics, language, engine, play and
other bots, never simulate, cli, web, rulebook, diff or party (tests/test_layers.py). The rule
(greedy.py), the rule bots (rule_bots.py), the rule on the kernel's lists (kernel_rule.py) and its
game loop (playout.py) come first; the scorer (strategy/) and the search bots (search/) play out on
them; players.py makes any bot by name.
"""
