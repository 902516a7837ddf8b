"""The statistics: the records each finished match leaves and their writers (records), and
their read side (reading: the statistics table, the history filters, head-to-head).

Nothing is imported here: scorekeeper.models imports the records' models from
scorekeeper.statistics.records, which imports no model module; reading imports the models.
"""
