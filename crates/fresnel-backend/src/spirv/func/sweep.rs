//! Removes the pure instructions of a function body whose results nothing reads, and the
//! blocks nothing names.
//!
//! The writer materializes what an IR value needs where it is written: the texel of a sparse
//! lookup is extracted from its result struct, a loaded matrix's columns are extracted for
//! the IR's column values, a source is reinterpreted with `OpBitcast`. When the IR reads
//! only the other part (the residency code, the whole matrix through `MatrixInverse`), the
//! instruction is left without readers. After the body is written, those instructions go:
//! pure ones (no side effects, no trap) whose result id appears nowhere else in the body,
//! in a decoration or in a debug name; removing one may free its operands, so this repeats
//! until nothing more goes. Every word of every other body instruction counts as a possible
//! reader (literals included), so a result is never removed while something may read it;
//! in the names and decorations, their targets (and `OpDecorateId` operands) do.

/// Opcodes computing a result from their operands only, never trapping: `OpAccessChain`,
/// `OpInBoundsAccessChain`, `OpVectorShuffle`, `OpCompositeConstruct`,
/// `OpCompositeExtract`, `OpCopyObject`, `OpBitcast`, and `OpIAdd`, `OpFAdd`, `OpISub`,
/// `OpFSub`, `OpIMul`, `OpFMul` (no division: its operands need not be checked here), and
/// the descriptor heap's `OpUntypedAccessChainKHR` and `OpBufferPointerEXT` (`heap.rs`).
/// (Performance: a match, not a scan of a list, for every instruction of every body.)
fn is_pure(opcode: u32) -> bool {
    matches!(
        opcode,
        65 | 66 | 79 | 80 | 81 | 83 | 124 | 128..=133 | 4419 | 5119
    )
}

/// Whether operand word `k` (0 = the first after the opcode word) of an instruction with
/// `opcode` is a literal, never an id: the instruction number of `OpExtInst`, the indices
/// of `OpCompositeExtract`/`OpCompositeInsert` and the components of `OpVectorShuffle`.
/// (Other literals count as possible readers: a result is kept, never wrongly removed.)
fn is_literal(opcode: u32, k: usize) -> bool {
    match opcode {
        12 => k == 3,
        _ => k >= literals_from(opcode),
    }
}

/// The first operand word of an instruction with `opcode` from which on all are literals
/// ([`is_literal`] but `OpExtInst`'s instruction number); `usize::MAX` when none are.
fn literals_from(opcode: u32) -> usize {
    match opcode {
        81 => 3,
        79 | 82 => 4,
        _ => usize::MAX,
    }
}

/// The least and the greatest result below `bound` of the candidates of
/// [`remove_dead_ids`] in `code` ((0, 0) when no result is below it); `None` when there is
/// no candidate or `code` is malformed. The candidates' starts go to `starts`, in order.
fn candidate_results(code: &[u32], bound: u32, starts: &mut Vec<u32>) -> Option<(u32, u32)> {
    let mut any = false;
    let (mut lo, mut hi) = (u32::MAX, 0);
    let mut i = 0;
    while i < code.len() {
        let n = (code[i] >> 16) as usize;
        if n == 0 || i + n > code.len() {
            return None;
        }
        if n >= 3 && is_pure(code[i] & 0xffff) {
            any = true;
            starts.push(i as u32);
            let r = code[i + 2];
            if r < bound {
                lo = lo.min(r);
                hi = hi.max(r);
            }
        }
        i += n;
    }
    if !any {
        None
    } else if lo == u32::MAX {
        Some((0, 0))
    } else {
        Some((lo, hi))
    }
}

/// (start, word count) of each instruction of `code`; `None` when it is malformed.
fn split(code: &[u32]) -> Option<Vec<(usize, usize)>> {
    // Instructions are 3 to 5 words long mostly (performance: no regrowing).
    let mut insts = Vec::with_capacity(code.len() / 3 + 1);
    let mut i = 0;
    while i < code.len() {
        let n = (code[i] >> 16) as usize;
        if n == 0 || i + n > code.len() {
            return None;
        }
        insts.push((i, n));
        i += n;
    }
    Some(insts)
}

/// `code`: the body's instructions; `protected`: words of the module's decorations and names
/// (any of them may name a result, which then stays); `bound`: the module's id bound (words
/// at or above it are literals, never results). Returns the body left and the result ids of
/// the instructions removed (whose precision decorations [`drop_decorations`] then removes).
///
/// `None` when nothing goes (performance: no copy then).
pub fn remove_dead_ids(
    code: &[u32],
    protected: &[&[u32]],
    bound: u32,
) -> Option<(Vec<u32>, Vec<u32>)> {
    // The candidates' results below `bound`, their least and greatest, found in place
    // (performance: most bodies without a candidate need no split then).
    // (Performance: the candidates' starts kept, so the scans below test no opcode again.)
    // (A candidate is 3 words at least: one allocation, never regrown; u32 starts, half the
    // memory: a body is far shorter than 2^32 words.)
    let mut starts: Vec<u32> = Vec::with_capacity(code.len() / 3);
    let Some((lo, hi)) = candidate_results(code, bound, &mut starts) else {
        // Malformed, or no candidate: keep everything as it is.
        return None;
    };
    let candidate = |&(s, n): &(usize, usize)| is_pure(code[s] & 0xffff) && n >= 3;
    // Readers of each id (dense, by id, over the ids the candidates define only: a table
    // as large as the module's bound for every function would make a module of many
    // functions quadratic): the instructions' operand words, but a pure instruction's own
    // result; the decorations and names count as readers.
    let size = (hi.saturating_sub(lo) as usize) + 1;
    let mut uses = vec![0u32; size];
    let count = |w: u32, uses: &mut [u32]| {
        if let Some(c) = w.checked_sub(lo).and_then(|i| uses.get_mut(i as usize)) {
            *c += 1;
        }
    };
    for words in protected {
        annotation_ids(words, |w| count(w, &mut uses));
    }
    // (Performance: the body walked in place, well formed as `candidate_results` found it;
    // the list of its instructions is made only once a candidate is unread.)
    let mut s = 0;
    // The next candidate's start (`usize::MAX` after the last).
    let mut c = 0;
    let start = |c: usize| starts.get(c).map_or(usize::MAX, |&s| s as usize);
    let mut next = start(0);
    while s < code.len() {
        let n = (code[s] >> 16) as usize;
        let pure = s == next;
        if pure {
            c += 1;
            next = start(c);
        }
        let opcode = code[s] & 0xffff;
        // (Performance: the literal tail cut off once per instruction, not tested per word.)
        let operands = &code[s + 1..s + n];
        let operands = &operands[..operands.len().min(literals_from(opcode))];
        for (k, &w) in operands.iter().enumerate() {
            if (pure && k == 1) || (opcode == 12 && k == 3) {
                continue;
            }
            count(w, &mut uses);
        }
        s += n;
    }
    // Only a candidate without readers starts a removal (performance: nearly every body
    // has none; no further tables then).
    let unread = |&(s, _): &(usize, usize)| {
        code[s + 2]
            .checked_sub(lo)
            .and_then(|i| uses.get(i as usize))
            .is_some_and(|&c| c == 0)
    };
    if !starts.iter().any(|&s| unread(&(s as usize, 0))) {
        return None;
    }
    let insts = split(code)?;
    const NONE: u32 = u32::MAX;
    let mut by_result = vec![NONE; size];
    for (j, inst) in insts.iter().enumerate().filter(|(_, i)| candidate(i)) {
        if let Some(slot) = code[inst.0 + 2]
            .checked_sub(lo)
            .and_then(|i| by_result.get_mut(i as usize))
        {
            *slot = j as u32;
        }
    }
    let mut dead = vec![false; insts.len()];
    let mut work: Vec<usize> = (0..insts.len()).filter(|&j| candidate(&insts[j])).collect();
    while let Some(j) = work.pop() {
        let (s, n) = insts[j];
        let id = code[s + 2];
        if dead[j]
            || id
                .checked_sub(lo)
                .and_then(|i| uses.get(i as usize))
                .is_none_or(|&c| c != 0)
        {
            continue;
        }
        dead[j] = true;
        let opcode = code[s] & 0xffff;
        for (k, &w) in code[s + 1..s + n].iter().enumerate() {
            if k == 1 || is_literal(opcode, k) {
                continue;
            }
            let Some(i) = w.checked_sub(lo).map(|i| i as usize) else {
                continue;
            };
            if let Some(c) = uses.get_mut(i) {
                *c = c.saturating_sub(1);
                if *c == 0 {
                    if let Some(&d) = by_result.get(i).filter(|&&d| d != NONE) {
                        work.push(d as usize);
                    }
                }
            }
        }
    }
    if !dead.contains(&true) {
        return None;
    }
    let mut out = Vec::with_capacity(code.len());
    let mut removed = Vec::new();
    for (j, &(s, n)) in insts.iter().enumerate() {
        if dead[j] {
            removed.push(code[s + 2]);
        } else {
            out.extend_from_slice(&code[s..s + n]);
        }
    }
    Some((out, removed))
}

/// `OpLabel`, and the block terminators a block that nothing reaches may end with:
/// `OpBranch`, `OpKill`, `OpReturn`, `OpReturnValue`, `OpUnreachable`,
/// `OpTerminateInvocation`.
const LABEL: u32 = 248;
const LONE_TERMINATORS: &[u32] = &[249, 252, 253, 254, 255, 4416];

/// Removes the blocks of a function body (after its first block) that are only a label and
/// a terminator and whose label nothing names: no branch, merge or phi (the block after a
/// `discard` at the end of `main`). Removing one may leave the block it branched to
/// unnamed, so this repeats. `protected` words count as references too.
///
/// `None` when nothing goes (performance: no copy then).
pub fn remove_unreferenced_blocks(
    code: &[u32],
    protected: &[&[u32]],
    bound: u32,
) -> Option<Vec<u32>> {
    // (Performance: most bodies have no such block; found in place, no split then.)
    if !any_lone_block(code) {
        return None;
    }
    let insts = split(code)?;
    let op = |j: usize| code[insts[j].0] & 0xffff;
    // Candidates: (index of the label, the label id).
    let lone: Vec<(usize, u32)> = (0..insts.len().saturating_sub(1))
        .filter(|&j| op(j) == LABEL && insts[j].1 == 2 && LONE_TERMINATORS.contains(&op(j + 1)))
        .map(|j| (j, code[insts[j].0 + 1]))
        .collect();
    if lone.is_empty() {
        return None;
    }
    // References counted for the ids from the first to the last candidate label only, and
    // below `bound` (performance: not a table as large as the module's bound per function).
    let lo = lone.iter().map(|&(_, l)| l).min().unwrap_or(0);
    let hi = lone.iter().map(|&(_, l)| l).max().unwrap_or(0);
    let slot = move |w: u32| (w < bound).then(|| w.checked_sub(lo)).flatten();
    let mut refs = vec![0u32; (hi - lo) as usize + 1];
    let count = |w: u32, d: i32, refs: &mut [u32]| {
        if let Some(c) = slot(w).and_then(|i| refs.get_mut(i as usize)) {
            *c = c.saturating_add_signed(d);
        }
    };
    // Names and decorations name a block only as their target (a literal that happens to
    // equal a label id, `Binding 33`, is not a reference: counting it would keep a dead
    // block that branches into a loop from outside its construct).
    for words in protected {
        annotation_ids(words, |w| count(w, 1, &mut refs));
    }
    for (j, &(s, n)) in insts.iter().enumerate() {
        if op(j) == LABEL {
            continue;
        }
        for &w in &code[s + 1..s + n] {
            count(w, 1, &mut refs);
        }
    }
    let mut dead = vec![false; insts.len()];
    loop {
        let mut changed = false;
        for &(j, label) in &lone {
            if dead[j]
                || slot(label)
                    .and_then(|i| refs.get(i as usize))
                    .is_none_or(|&c| c != 0)
            {
                continue;
            }
            dead[j] = true;
            dead[j + 1] = true;
            let (s, n) = insts[j + 1];
            for &w in &code[s + 1..s + n] {
                count(w, -1, &mut refs);
            }
            changed = true;
        }
        if !changed {
            break;
        }
    }
    if !dead.contains(&true) {
        return None;
    }
    let mut out = Vec::with_capacity(code.len());
    for (j, &(s, n)) in insts.iter().enumerate() {
        if !dead[j] {
            out.extend_from_slice(&code[s..s + n]);
        }
    }
    Some(out)
}

/// Whether some label (two words) is directly followed by a lone terminator: a candidate of
/// [`remove_unreferenced_blocks`] (false for malformed code, which is left as it is).
fn any_lone_block(code: &[u32]) -> bool {
    let mut after_label = false;
    let mut i = 0;
    while i < code.len() {
        let n = (code[i] >> 16) as usize;
        if n == 0 || i + n > code.len() {
            return false;
        }
        let op = code[i] & 0xffff;
        if after_label && LONE_TERMINATORS.contains(&op) {
            return true;
        }
        after_label = op == LABEL && n == 2;
        i += n;
    }
    false
}

const DECORATE: u32 = 71;
/// Decorations that only describe how a result may be computed or used (`RelaxedPrecision`,
/// `NoContraction`, `NonUniform`): they do not keep an unread result alive, and go with it.
const PRECISION_DECORATIONS: &[u32] = &[0, 42, 5300];

/// Whether the instruction at `words[i..i + n]` is `OpDecorate %x RelaxedPrecision`,
/// `NoContraction` or `NonUniform`.
fn is_precision_decoration(words: &[u32], i: usize, n: usize) -> bool {
    words[i] & 0xffff == DECORATE && n == 3 && PRECISION_DECORATIONS.contains(&words[i + 2])
}

/// The ids a stream of names and decorations refers to, each given to `visit`: every
/// instruction's target (but a precision decoration's), and the id operands of
/// `OpDecorateId`; an unparsable stream gives all its words (instead).
/// (Performance: visited in place, nothing collected.)
fn annotation_ids(words: &[u32], mut visit: impl FnMut(u32)) {
    const DECORATE_ID: u32 = 332;
    // Parsable? Checked first, so that a malformed stream's words are visited exactly once.
    let mut i = 0;
    while i < words.len() {
        let n = (words[i] >> 16) as usize;
        if n == 0 || i + n > words.len() {
            words.iter().for_each(|&w| visit(w));
            return;
        }
        i += n;
    }
    let mut i = 0;
    while i < words.len() {
        let n = (words[i] >> 16) as usize;
        if n > 1 && !is_precision_decoration(words, i, n) {
            visit(words[i + 1]);
        }
        if words[i] & 0xffff == DECORATE_ID && n > 3 {
            words[i + 3..i + n].iter().for_each(|&w| visit(w));
        }
        i += n;
    }
}

/// `words` (a decoration stream) without the precision decorations of the ids in
/// `removed` (sorted).
pub fn drop_decorations(words: &[u32], removed: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let n = (words[i] >> 16) as usize;
        if n == 0 || i + n > words.len() {
            out.extend_from_slice(&words[i..]);
            break;
        }
        if !(is_precision_decoration(words, i, n) && removed.binary_search(&words[i + 1]).is_ok()) {
            out.extend_from_slice(&words[i..i + n]);
        }
        i += n;
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

    /// [`remove_dead_ids`], the body as it is when nothing goes.
    fn dead_ids(code: &[u32], protected: &[&[u32]], bound: u32) -> (Vec<u32>, Vec<u32>) {
        remove_dead_ids(code, protected, bound).unwrap_or_else(|| (code.to_vec(), Vec::new()))
    }

    /// [`remove_unreferenced_blocks`], the body as it is when nothing goes.
    fn unreferenced_blocks(code: &[u32], protected: &[&[u32]], bound: u32) -> Vec<u32> {
        remove_unreferenced_blocks(code, protected, bound).unwrap_or_else(|| code.to_vec())
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
        let names = inst(5, &[14, 0]);
        let (out, _) = dead_ids(&code, &[&names], 100);
        let mut want = Vec::new();
        want.extend(inst(61, &[1, 10, 5]));
        want.extend(inst(81, &[2, 13, 10, 1]));
        want.extend(inst(62, &[6, 13]));
        want.extend(inst(81, &[2, 14, 10, 2]));
        assert_eq!(out, want);
    }

    #[test]
    fn unnamed_lone_blocks_go_and_named_ones_stay() {
        // kill; %20: return (nothing names it); %21: branch %22 (named by the phi of %22);
        // %22: phi, return; %23: branch %24 (unnamed), %24: return (named only by %23).
        let mut code = Vec::new();
        code.extend(inst(252, &[]));
        code.extend(inst(248, &[20]));
        code.extend(inst(253, &[]));
        code.extend(inst(248, &[21]));
        code.extend(inst(249, &[22]));
        code.extend(inst(248, &[22]));
        code.extend(inst(245, &[1, 30, 7, 21]));
        code.extend(inst(253, &[]));
        code.extend(inst(248, &[23]));
        code.extend(inst(249, &[24]));
        code.extend(inst(248, &[24]));
        code.extend(inst(253, &[]));
        let out = unreferenced_blocks(&code, &[], 100);
        let mut want = Vec::new();
        want.extend(inst(252, &[]));
        want.extend(inst(248, &[21]));
        want.extend(inst(249, &[22]));
        want.extend(inst(248, &[22]));
        want.extend(inst(245, &[1, 30, 7, 21]));
        want.extend(inst(253, &[]));
        assert_eq!(out, want);
    }

    #[test]
    fn a_decoration_literal_equal_to_a_label_is_not_a_reference() {
        // kill; %33: branch %40 (dead: nothing names it); %40: return (named by the
        // `OpName`). The decorations hold `OpDecorate %11 Binding(33) 0`: 33 is a literal.
        let mut code = Vec::new();
        code.extend(inst(252, &[]));
        code.extend(inst(248, &[33]));
        code.extend(inst(249, &[40]));
        code.extend(inst(248, &[40]));
        code.extend(inst(253, &[]));
        let decorations = inst(71, &[11, 33, 0]);
        let names = inst(5, &[40, 0x6e69_616d, 0]);
        let out = unreferenced_blocks(&code, &[&decorations, &names], 100);
        let mut want = Vec::new();
        want.extend(inst(252, &[]));
        want.extend(inst(248, &[40]));
        want.extend(inst(253, &[]));
        assert_eq!(out, want);
    }

    #[test]
    fn a_decoration_literal_equal_to_a_result_is_not_a_reader() {
        // %34 = extract %28 0; %35 = fadd %34 %33 (unread); the decorations hold
        // `OpMemberDecorate %15 0 Offset(35) 0`: 35 is the decoration's number, and
        // `OpName %35` is absent, so both instructions go.
        let mut code = Vec::new();
        code.extend(inst(61, &[1, 28, 5]));
        code.extend(inst(81, &[2, 34, 28, 0]));
        code.extend(inst(129, &[2, 35, 34, 33]));
        code.extend(inst(62, &[6, 28]));
        let decorations = inst(72, &[15, 0, 35, 0]);
        let (out, _) = dead_ids(&code, &[&decorations], 100);
        let mut want = Vec::new();
        want.extend(inst(61, &[1, 28, 5]));
        want.extend(inst(62, &[6, 28]));
        assert_eq!(out, want);
    }

    #[test]
    fn precision_decorations_keep_nothing_and_go_with_their_result() {
        // %35 = fadd (unread) with `OpDecorate %35 RelaxedPrecision`, %36 = fadd (unread)
        // with `OpDecorate %36 Location 0`: %35 goes, then its decoration; %36 stays.
        let mut code = Vec::new();
        code.extend(inst(129, &[2, 35, 30, 31]));
        code.extend(inst(129, &[2, 36, 30, 31]));
        let mut decorations = inst(71, &[35, 0]);
        decorations.extend(inst(71, &[36, 30, 0]));
        let (out, removed) = dead_ids(&code, &[&decorations], 100);
        assert_eq!(out, inst(129, &[2, 36, 30, 31]));
        assert_eq!(removed, vec![35]);
        assert_eq!(
            drop_decorations(&decorations, &removed),
            inst(71, &[36, 30, 0])
        );
    }

    #[test]
    fn literal_operands_are_not_readers() {
        // %69 = fadd (unread); `%70 = OpExtInst %2 %1 Normalize(69) %60` and
        // `%71 = OpCompositeExtract %2 %62 69` (stored) hold 69 as literals only.
        let mut code = Vec::new();
        code.extend(inst(129, &[2, 69, 60, 61]));
        code.extend(inst(12, &[2, 70, 1, 69, 60]));
        code.extend(inst(81, &[2, 71, 62, 69]));
        code.extend(inst(62, &[6, 70]));
        code.extend(inst(62, &[6, 71]));
        let (out, _) = dead_ids(&code, &[], 100);
        assert_eq!(out, code[5..].to_vec());
    }
}
