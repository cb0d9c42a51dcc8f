"""Web stage: `touring serve`, tables played from every player's own device over a Starlette app.

table.py holds one game (seats, private links, its JSON Lines log); views.py says what each seat may
see; store.py keeps every table in a data folder and brings them back after a restart; app.py assembles
the ASGI app from its routes: host_routes.py (the form, the host's page), seat_routes.py (the seat,
spectator and replay pages, the rulebook), channel.py (the live WebSocket channel), party_routes.py
(parties), with security.py's Host and Origin checks and settings.py's addresses; editions.py and
upload.py compile an uploaded house rule safely, in a limited child process; limits.py bounds what
visitors make; protocols.py gives uvicorn's connections the time limits it lacks.
"""
