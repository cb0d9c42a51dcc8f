"""Web stage, the workshop's drafts: each house rule being written is kept in the server's data folder, in its
subfolder DRAFTS, as one small JSON file named by the draft's id (made here, unguessable: the draft's
link is its key, as a seat's is), written whole through disk.write_json. An author never names a path.
"""
from __future__ import annotations

import json
import re
import secrets
import time
from pathlib import Path

from .disk import write_json

DRAFTS = "workshop"  # the data folder's subfolder for drafts (the table store leaves it alone)
MAX_DRAFTS = 2000  # drafts a server keeps (each is a few kilobytes)
DRAFT_ID = re.compile(r"[0-9a-f]{24}")
KEPT_DRAFTS = 8  # drafts whose analysis a workshop child keeps between requests (workshop_help, workshop_worker)


class DraftStore:
    def __init__(self, data: Path):
        self.root = Path(data) / DRAFTS

    def path(self, draft_id: str) -> Path | None:
        """The draft's file, for an id of the form this store makes (None for anything else)."""
        if not isinstance(draft_id, str) or not DRAFT_ID.fullmatch(draft_id):
            return None
        return self.root / f"{draft_id}.json"

    def read(self, draft_id: str) -> dict | None:
        """{"text", "start", "saved"} of a draft, or None when there is no such draft."""
        path = self.path(draft_id)
        if path is None:
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) and isinstance(data.get("text"), str) else None

    def full(self) -> bool:
        try:
            return sum(1 for _ in self.root.glob("*.json")) >= MAX_DRAFTS
        except OSError:
            return False

    def new(self, text: str, start: str) -> str:
        """A new draft's id (OSError when the disk refuses)."""
        self.root.mkdir(parents=True, exist_ok=True)
        while True:
            draft_id = secrets.token_hex(12)
            if not self.path(draft_id).exists():
                break
        self.write(draft_id, text, start)
        return draft_id

    def save(self, draft_id: str, text: str) -> bool:
        """Keep the draft's new text; False when there is no such draft (OSError when the disk refuses)."""
        found = self.read(draft_id)
        if found is None:
            return False
        self.write(draft_id, text, found.get("start", ""))
        return True

    def write(self, draft_id: str, text: str, start: str) -> None:
        write_json(self.path(draft_id), {"text": text, "start": start, "saved": int(time.time())})
