"""Web stage: `touring serve`, tables played from every player's own device over a Starlette app.

table.py holds one game (seats, private links, its JSON Lines log); views.py says what each seat may
see; store.py keeps every table in a data folder and brings them back after a restart; app.py is the
ASGI app (pages, the live WebSocket channel); editions.py compiles an uploaded house rule safely.
"""
