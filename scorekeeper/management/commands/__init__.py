"""Backup commands: export_table and import_table."""
