"""The statistics: the records each finished match leaves and their writers (records).

Nothing is imported here: scorekeeper.models imports the records' models from
scorekeeper.statistics.records, which imports no model module.
"""
