"""Party stage: Progressive Touring run for a host (seating, movement, scores, standings, a saved file)."""
