//! The word writer: SPIR-V instructions as `u32` words (word count and opcode in the first
//! word), string literals (UTF-8, nul-terminated, padded to words) and the module header.

/// A growing sequence of instruction words.
#[derive(Clone, Debug, Default)]
pub struct Words {
    pub words: Vec<u32>,
}

impl Words {
    pub fn new() -> Words {
        Words::default()
    }

    /// Room for `n` words without regrowing.
    pub fn with_capacity(n: usize) -> Words {
        Words {
            words: Vec::with_capacity(n),
        }
    }

    /// Appends one instruction: `op` followed by its operands.
    #[inline]
    pub fn inst(&mut self, op: u16, operands: &[u32]) {
        self.inst_parts(op, operands, &[]);
    }

    /// Appends one instruction whose operands are `head` then `tail` (no gathering of the
    /// operands first).
    ///
    /// (Performance: room made once, then the words one by one: an instruction is a few
    /// words, and a `memcpy` call per part cost more than the copy; inlined, a head of
    /// known length is a few stores.)
    #[inline]
    pub fn inst_parts(&mut self, op: u16, head: &[u32], tail: &[u32]) {
        let count = head.len() + tail.len() + 1;
        debug_assert!(count <= 0xffff, "instruction too long");
        self.words.reserve(count);
        self.words.push(((count as u32) << 16) | u32::from(op));
        for &w in head {
            self.words.push(w);
        }
        for &w in tail {
            self.words.push(w);
        }
    }

    /// Appends an instruction whose operands are `before`, a string literal, then `after`.
    pub fn inst_str(&mut self, op: u16, before: &[u32], s: &str, after: &[u32]) {
        // The literal: the bytes and a nul, padded to whole words.
        let count = 1 + before.len() + s.len() / 4 + 1 + after.len();
        debug_assert!(count <= 0xffff, "instruction too long");
        self.words.push(((count as u32) << 16) | u32::from(op));
        self.words.extend_from_slice(before);
        push_str(&mut self.words, s);
        self.words.extend_from_slice(after);
    }

    pub fn extend(&mut self, other: &Words) {
        self.words.extend_from_slice(&other.words);
    }
}

/// Appends a literal string: its UTF-8 bytes, a nul, zero padding to a word boundary
/// (little-endian within each word).
pub fn push_str(out: &mut Vec<u32>, s: &str) {
    let bytes = s.as_bytes();
    let mut word = 0u32;
    let mut n = 0;
    for &b in bytes.iter().chain(std::iter::once(&0u8)) {
        word |= u32::from(b) << (8 * n);
        n += 1;
        if n == 4 {
            out.push(word);
            word = 0;
            n = 0;
        }
    }
    if n != 0 {
        out.push(word);
    }
}

/// The module header: magic, version, generator, id bound, schema.
pub fn header(version: (u8, u8), bound: u32) -> [u32; 5] {
    [
        0x0723_0203,
        (u32::from(version.0) << 16) | (u32::from(version.1) << 8),
        0,
        bound,
        0,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_nul_terminated_and_padded() {
        let mut v = Vec::new();
        push_str(&mut v, "main");
        assert_eq!(v, vec![0x6e69_616d, 0]);
        let mut v = Vec::new();
        push_str(&mut v, "abc");
        assert_eq!(v, vec![0x0063_6261]);
    }

    #[test]
    fn instruction_word_count() {
        let mut w = Words::new();
        w.inst(17, &[1]);
        assert_eq!(w.words, vec![(2 << 16) | 17, 1]);
    }
}
