package variants

// profile holds per-kernel choices loaded from a pick profile (see
// flipbench pick); empty until one is loaded.
var profile = map[string]string{}

func profileChoice(kernel string) (string, bool) {
	v, ok := profile[kernel]
	return v, ok
}

// SetProfile replaces the profile choices (kernel -> variant). Choices for
// variants this CPU cannot run are ignored by the default rules.
func SetProfile(p map[string]string) {
	profile = map[string]string{}
	for k, v := range p {
		profile[k] = v
	}
	for _, k := range registered {
		k.resetDefault()
	}
}

// Profile returns the loaded profile, sorted by kernel.
func Profile() [][2]string {
	var out [][2]string
	for _, k := range sortedKeys(profile) {
		out = append(out, [2]string{k, profile[k]})
	}
	return out
}
