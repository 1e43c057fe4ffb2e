//! Chains of `OpCompositeExtract` made one (issue 6).
//!
//! The writer extracts what an IR value is where it is written: the column of a matrix a
//! ray query returns whole, then one component of that column where an ALU instruction
//! reads it alone. `OpCompositeExtract %f %col 0` with `%col = OpCompositeExtract %v3 %m 2`
//! is `OpCompositeExtract %f %m 2 0`: the inner extract dominates the outer one (it defines
//! an operand of it) and its composite dominates the inner one, so the outer one may read
//! that composite directly. Rewritten in body order, whole chains fold; the inner extracts
//! nothing else reads are then left for [`super::sweep::remove_dead_ids`].

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// `OpCompositeExtract`.
const COMPOSITE_EXTRACT: u32 = 81;

/// Indices an extract may carry after folding (a SPIR-V composite nests at most this deep
/// here: arrays of structs of matrices); longer chains are left as they are.
const MAX_INDICES: usize = 8;

/// An extract's indices.
type Indices = SmallVec<[u32; MAX_INDICES]>;

/// `code` (a function body's instructions) with each `OpCompositeExtract` of an
/// `OpCompositeExtract` result reading the inner one's composite; `None` when that changes
/// nothing (malformed code is left as it is).
///
/// (Performance: `None`, no copy, for nearly every body.)
pub fn fold(code: &[u32]) -> Option<Vec<u32>> {
    // Nothing to fold without two extracts (performance: most bodies have none; no map
    // then).
    if count_extracts(code) < 2 {
        return None;
    }
    // Extract results: id -> (composite, indices) (performance: the indices inline, at
    // most `MAX_INDICES` once folded).
    let mut extracts: FxHashMap<u32, (u32, Indices)> = FxHashMap::default();
    // The body written so far, made only at the first extract that folds (performance:
    // most bodies with extracts fold none).
    let mut out: Option<Vec<u32>> = None;
    let mut i = 0;
    while i < code.len() {
        let n = (code[i] >> 16) as usize;
        if n == 0 || i + n > code.len() {
            return None;
        }
        let start = i;
        let inst = &code[i..i + n];
        i += n;
        if inst[0] & 0xffff != COMPOSITE_EXTRACT || n < 5 {
            if let Some(out) = &mut out {
                out.extend_from_slice(inst);
            }
            continue;
        }
        let (ty, result, composite) = (inst[1], inst[2], inst[3]);
        let mut indices = Indices::from_slice(&inst[4..]);
        let mut base = composite;
        if let Some((inner, inner_idx)) = extracts.get(&composite) {
            if inner_idx.len() + indices.len() <= MAX_INDICES {
                base = *inner;
                let mut all = inner_idx.clone();
                all.extend_from_slice(&indices);
                indices = all;
            }
        }
        extracts.insert(result, (base, indices.clone()));
        if base == composite && out.is_none() {
            // Unchanged, and nothing before it changed either.
            continue;
        }
        let out = out.get_or_insert_with(|| {
            let mut out = Vec::with_capacity(code.len() + MAX_INDICES);
            out.extend_from_slice(&code[..start]);
            out
        });
        let words = 4 + indices.len() as u32;
        out.push((words << 16) | COMPOSITE_EXTRACT);
        out.extend_from_slice(&[ty, result, base]);
        out.extend_from_slice(&indices);
    }
    out
}

/// The `OpCompositeExtract`s of `code` that [`fold`] looks at (stops counting at 2, or at
/// malformed code, which [`fold`] then returns as it is).
fn count_extracts(code: &[u32]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < code.len() && count < 2 {
        let n = (code[i] >> 16) as usize;
        if n == 0 || i + n > code.len() {
            return 0;
        }
        if code[i] & 0xffff == COMPOSITE_EXTRACT && n >= 5 {
            count += 1;
        }
        i += n;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inst(op: u32, ops: &[u32]) -> Vec<u32> {
        let mut v = vec![((ops.len() as u32 + 1) << 16) | op];
        v.extend_from_slice(ops);
        v
    }

    #[test]
    fn chains_fold_into_one_extract() {
        // %10 = extract %1 %m 2; %11 = extract %2 %10 0; %12 = extract %3 %11 1
        let mut code = inst(COMPOSITE_EXTRACT, &[1, 10, 5, 2]);
        code.extend(inst(COMPOSITE_EXTRACT, &[2, 11, 10, 0]));
        code.extend(inst(COMPOSITE_EXTRACT, &[3, 12, 11, 1]));
        code.extend(inst(62, &[7, 12])); // OpStore %7 %12
        let out = fold(&code).unwrap();
        let mut want = inst(COMPOSITE_EXTRACT, &[1, 10, 5, 2]);
        want.extend(inst(COMPOSITE_EXTRACT, &[2, 11, 5, 2, 0]));
        want.extend(inst(COMPOSITE_EXTRACT, &[3, 12, 5, 2, 0, 1]));
        want.extend(inst(62, &[7, 12]));
        assert_eq!(out, want);
    }

    #[test]
    fn other_instructions_and_malformed_code_stay() {
        let code = inst(80, &[1, 10, 2, 3]); // OpCompositeConstruct
        assert_eq!(fold(&code), None);
        let bad = vec![(9u32 << 16) | COMPOSITE_EXTRACT, 1, 2];
        assert_eq!(fold(&bad), None);
    }
}
