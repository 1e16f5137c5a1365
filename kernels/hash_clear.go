package kernels

// HashClear empties every entry: the reference writes the empty pattern
// (with the current date) into each one.
func HashClear(t *HashTable) {
	e := EmptyEntry
	e.Date = t.Date
	for i := range t.Entries {
		t.Entries[i] = e
	}
}
