"""Backups: a table and all its matches to JSON and back, and a match's sheet as CSV.

fields: what a file holds; export: a table to JSON; load: reading a file and the types of its
values; replay: each match checked by playing it again through the rules; restore: the checked
file written back as a table; sheet: a match as CSV.
"""

from scorekeeper.backup.export import export_table as export_table
from scorekeeper.backup.fields import FORMAT as FORMAT
from scorekeeper.backup.fields import FORMAT_VERSION as FORMAT_VERSION
from scorekeeper.backup.load import load_backup as load_backup
from scorekeeper.backup.restore import import_table as import_table
from scorekeeper.backup.sheet import download_name as download_name
from scorekeeper.backup.sheet import match_csv as match_csv
