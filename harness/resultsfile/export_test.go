package resultsfile

var BaselineVariant = baselineVariant
