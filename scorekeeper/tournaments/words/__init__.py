"""A tournament's words: its formats, results and standings (`tournament`), its brackets
(`bracket`) and confirming a result (`confirm`)."""
