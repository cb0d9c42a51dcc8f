"""Bots and search: the players (random, greedy, expert, search bots), strategy and search.

A layer above play.
"""
