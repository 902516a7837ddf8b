"""What a director types: a tournament, its entrants and an import (`tournament`), its brackets
(`bracket`)."""
