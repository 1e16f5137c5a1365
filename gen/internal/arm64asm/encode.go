package arm64asm

// Inst is an instruction the Go assembler lacks: its encoding and the
// assembly text (ARM's syntax) it stands for.
type Inst interface {
	Word() uint32
	Text() string
}
