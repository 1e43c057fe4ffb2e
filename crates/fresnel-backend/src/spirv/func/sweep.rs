//! Removes the pure instructions of a function body whose results nothing reads.
//!
//! The writer materializes what an IR value needs where it is written: the texel of a sparse
//! lookup is extracted from its result struct, a loaded matrix's columns are extracted for
//! the IR's column values, a source is reinterpreted with `OpBitcast`. When the IR reads
//! only the other part (the residency code, the whole matrix through `MatrixInverse`), the
//! instruction is left without readers. After the body is written, those instructions go:
//! pure ones (no side effects, no trap) whose result id appears nowhere else in the body,
//! in a decoration or in a debug name; removing one may free its operands, so this repeats
//! until nothing more goes. Every word of every other instruction counts as a possible
//! reader (literals included), so a result is never removed while something may read it.

use rustc_hash::{FxHashMap, FxHashSet};

/// Opcodes computing a result from their operands only: `OpAccessChain`,
/// `OpInBoundsAccessChain`, `OpVectorShuffle`, `OpCompositeConstruct`,
/// `OpCompositeExtract`, `OpCopyObject`, `OpBitcast`.
const PURE: &[u16] = &[65, 66, 79, 80, 81, 83, 124];

/// `code`: the body's instructions; `protected`: words of the module's decorations and names.
pub fn remove_dead(code: &[u32], protected: &[u32]) -> Vec<u32> {
    // (start, word count) of each instruction.
    let mut insts: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let n = (code[i] >> 16) as usize;
        if n == 0 || i + n > code.len() {
            // Malformed: keep everything as it is.
            return code.to_vec();
        }
        insts.push((i, n));
        i += n;
    }
    let candidate =
        |&(s, n): &(usize, usize)| PURE.contains(&((code[s] & 0xffff) as u16)) && n >= 3;
    let protected: FxHashSet<u32> = protected.iter().copied().collect();
    // Readers of each word (as a possible id): the instructions' operand words, but a pure
    // instruction's own result.
    let mut uses: FxHashMap<u32, u32> = FxHashMap::default();
    for inst in &insts {
        let (s, n) = *inst;
        let pure = candidate(inst);
        for (k, &w) in code[s + 1..s + n].iter().enumerate() {
            if pure && k == 1 {
                continue;
            }
            *uses.entry(w).or_default() += 1;
        }
    }
    let mut dead = vec![false; insts.len()];
    let mut by_result: FxHashMap<u32, usize> = FxHashMap::default();
    for (j, inst) in insts.iter().enumerate() {
        if candidate(inst) {
            by_result.insert(code[inst.0 + 2], j);
        }
    }
    let mut work: Vec<usize> = (0..insts.len()).filter(|&j| candidate(&insts[j])).collect();
    while let Some(j) = work.pop() {
        let (s, n) = insts[j];
        let id = code[s + 2];
        if dead[j] || uses.get(&id).copied().unwrap_or(0) != 0 || protected.contains(&id) {
            continue;
        }
        dead[j] = true;
        for (k, &w) in code[s + 1..s + n].iter().enumerate() {
            if k == 1 {
                continue;
            }
            if let Some(c) = uses.get_mut(&w) {
                *c = c.saturating_sub(1);
                if *c == 0 {
                    if let Some(&d) = by_result.get(&w) {
                        work.push(d);
                    }
                }
            }
        }
    }
    let mut out = Vec::with_capacity(code.len());
    for (j, &(s, n)) in insts.iter().enumerate() {
        if !dead[j] {
            out.extend_from_slice(&code[s..s + n]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inst(op: u16, ops: &[u32]) -> Vec<u32> {
        let mut v = vec![((ops.len() as u32 + 1) << 16) | u32::from(op)];
        v.extend_from_slice(ops);
        v
    }

    #[test]
    fn unread_pure_chains_go_and_read_ones_stay() {
        // %10 = load; %11 = extract %10 0 (unread); %12 = bitcast %11 (unread);
        // %13 = extract %10 1 (stored); store %p %13; %14 = extract %10 2 (named).
        let mut code = Vec::new();
        code.extend(inst(61, &[1, 10, 5]));
        code.extend(inst(81, &[2, 11, 10, 0]));
        code.extend(inst(124, &[3, 12, 11]));
        code.extend(inst(81, &[2, 13, 10, 1]));
        code.extend(inst(62, &[6, 13]));
        code.extend(inst(81, &[2, 14, 10, 2]));
        let out = remove_dead(&code, &[14]);
        let mut want = Vec::new();
        want.extend(inst(61, &[1, 10, 5]));
        want.extend(inst(81, &[2, 13, 10, 1]));
        want.extend(inst(62, &[6, 13]));
        want.extend(inst(81, &[2, 14, 10, 2]));
        assert_eq!(out, want);
    }
}
