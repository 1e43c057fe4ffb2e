//! `OpSwitch` from chains of `if`s that compare one integer with constants.
//!
//! The IR has no switch: the lowering turns a GLSL `switch` into an `if` chain, and users
//! write `if (i == 0) ... else if (i == 1) ...` themselves. Written as nested selections,
//! every level of such a chain costs SPIR-V a comparison, a selection merge, a conditional
//! branch, two labels, a branch and a phi per merged value; as one `OpSwitch` a level costs
//! nothing beyond the case's own label and branch.
//!
//! A chain is an `if` `X` whose condition is `sel == c` (or an `||` of such comparisons with
//! one selector `sel`, a 32-bit integer component), and whose `else` list is either the
//! default or exactly `[B, if Y, M]` where
//!
//! * `B` holds only ALU code and constants (moved in front of the switch: executing them
//!   on every path is harmless, their results are only read where they were) and `Y`'s
//!   condition is again a comparison of `sel` with constants not seen before;
//! * `M`, `Y`'s merge, holds only phis, each read only by a phi of `X`'s merge, and falls
//!   through to it. `M` is *folded*: the switch's cases branch to `X`'s merge directly and
//!   `X`'s phis take the values from the cases' last blocks.
//!
//! A case (or the default) whose list is one empty block becomes a branch of the
//! `OpSwitch` straight to the merge (at most one such case, so the merge's phis have one
//! source per predecessor block). Comparisons used only by the chain are not written.

use fresnel_ir::{
    AluOp, BlockId, CfNode, Function, IfId, InstrId, InstrKind, ListRef, Use, ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// `OpSwitch` (kept here until spec.rs lists it).
pub const OP_SWITCH: u16 = 251;

/// One level of a chain: the `if` and the case literals that select its `then` list.
#[derive(Clone, Debug)]
pub struct Level {
    pub if_id: IfId,
    pub lits: SmallVec<[u32; 2]>,
}

/// A chain of `if`s written as one `OpSwitch`.
#[derive(Clone, Debug)]
pub struct Chain {
    /// The selector: a value and the component compared.
    pub sel: (ValueId, u8),
    pub levels: Vec<Level>,
    /// The `else` list of the last level: the default.
    pub default: ListRef,
    /// The root's merge block.
    pub merge: BlockId,
    /// The first blocks of the inner levels' `else` lists, written before the switch.
    pub hoisted: Vec<BlockId>,
    /// The one case list (or the default) that is a single empty block, branching from the
    /// switch to the merge directly.
    pub direct: Option<BlockId>,
}

/// The chains of a function.
#[derive(Default)]
pub struct Switches {
    /// By root `if`.
    pub chains: FxHashMap<IfId, Chain>,
    /// Folded merge blocks: block -> the merge it falls through to.
    pub folded: FxHashMap<BlockId, BlockId>,
    /// Comparisons read only by the chains: not written.
    pub skip: FxHashSet<InstrId>,
}

impl Switches {
    /// The block control reaches instead of `b` (itself unless folded).
    pub fn resolve(&self, mut b: BlockId) -> BlockId {
        while let Some(&up) = self.folded.get(&b) {
            b = up;
        }
        b
    }

    /// The folded blocks from `b` up, then the final merge: `[b, .., merge]` (just `[b]`
    /// when `b` is not folded).
    pub fn path(&self, mut b: BlockId) -> SmallVec<[BlockId; 4]> {
        let mut p = SmallVec::new();
        p.push(b);
        while let Some(&up) = self.folded.get(&b) {
            p.push(up);
            b = up;
        }
        p
    }

    /// The predecessors of `b` with folded blocks replaced by their predecessors.
    pub fn effective_preds(&self, f: &Function, b: BlockId, out: &mut Vec<BlockId>) {
        for &p in &f.blocks[b].preds {
            if self.folded.contains_key(&p) {
                self.effective_preds(f, p, out);
            } else {
                out.push(p);
            }
        }
    }
}

/// Finds the chains of `f`.
pub fn analyze(f: &Function) -> Switches {
    let mut s = Switches::default();
    let mut ifs = Vec::new();
    f.walk(&mut |n| {
        if let CfNode::If(x) = n {
            ifs.push(x);
        }
    });
    let mut claimed: FxHashSet<IfId> = FxHashSet::default();
    // (Every `if` found by the walk is in the tree: no liveness test, which would walk the
    // whole tree once per `if`.)
    for x in ifs {
        if claimed.contains(&x) {
            continue;
        }
        if let Some((chain, tree)) = chain_at(f, x) {
            for lv in &chain.levels {
                claimed.insert(lv.if_id);
            }
            for w in chain.levels.windows(2) {
                let inner_merge = after(f, CfNode::If(w[1].if_id));
                let outer_merge = after(f, CfNode::If(w[0].if_id));
                if let (Some(a), Some(b)) = (inner_merge, outer_merge) {
                    s.folded.insert(a, b);
                }
            }
            s.skip.extend(tree);
            s.chains.insert(x, chain);
        }
    }
    s
}

/// The block of list `l` when the list is one empty block (which a branch can skip: it goes
/// straight to where the block would fall through).
pub fn empty_list(f: &Function, l: ListRef) -> Option<BlockId> {
    match f.list(l).as_slice() {
        [CfNode::Block(b)] if f.blocks[*b].instrs.is_empty() => Some(*b),
        _ => None,
    }
}

/// The block after node `n` in its list.
fn after(f: &Function, n: CfNode) -> Option<BlockId> {
    let l = f.parent_list(n)?;
    let list = f.list(l);
    let i = list.iter().position(|x| *x == n)?;
    match list.get(i + 1) {
        Some(CfNode::Block(b)) => Some(*b),
        _ => None,
    }
}

/// The chain rooted at `x`, with the comparison instructions to leave unwritten.
fn chain_at(f: &Function, x: IfId) -> Option<(Chain, Vec<InstrId>)> {
    let mut sel = None;
    let mut seen: FxHashSet<u32> = FxHashSet::default();
    let mut tree = Vec::new();
    let lits = cond_lits(f, f.ifs[x].cond, Use::IfCond(x), true, &mut sel, &mut tree)?;
    if !lits.iter().all(|l| seen.insert(*l)) {
        return None;
    }
    let merge = after(f, CfNode::If(x))?;
    let mut levels = vec![Level { if_id: x, lits }];
    let mut hoisted = Vec::new();
    let mut cur = x;
    loop {
        let Some((y, b0, m, ylits, ytree)) = next_level(f, cur, &mut sel) else {
            break;
        };
        if !ylits.iter().all(|l| seen.insert(*l)) {
            break;
        }
        hoisted.push(b0);
        tree.extend(ytree);
        levels.push(Level {
            if_id: y,
            lits: ylits,
        });
        let _ = m;
        cur = y;
    }
    if seen.len() < 2 {
        return None;
    }
    let last = levels.last()?.if_id;
    let default = ListRef::Else(last);
    // At most one list goes straight to the merge: the default if it can, else a case.
    let empty = |l: ListRef| empty_list(f, l);
    let direct =
        empty(default).or_else(|| levels.iter().find_map(|lv| empty(ListRef::Then(lv.if_id))));
    let chain = Chain {
        sel: sel?,
        levels,
        default,
        merge,
        hoisted,
        direct,
    };
    Some((chain, tree))
}

/// The next level below `x`: `else` list `[B, if Y, M]` with the conditions above.
#[allow(clippy::type_complexity)]
fn next_level(
    f: &Function,
    x: IfId,
    sel: &mut Option<(ValueId, u8)>,
) -> Option<(IfId, BlockId, BlockId, SmallVec<[u32; 2]>, Vec<InstrId>)> {
    let [CfNode::Block(b0), CfNode::If(y), CfNode::Block(m)] = f.ifs[x].else_list.as_slice() else {
        return None;
    };
    let (b0, y, m) = (*b0, *y, *m);
    let mut probe = *sel;
    let mut tree = Vec::new();
    let lits = cond_lits(
        f,
        f.ifs[y].cond,
        Use::IfCond(y),
        true,
        &mut probe,
        &mut tree,
    )?;
    // B: ALU code and constants only (it is executed before the switch).
    for &i in &f.blocks[b0].instrs {
        match &f.instrs[i].kind {
            InstrKind::Alu(a) if !a.op.info().cross_invocation => {}
            InstrKind::LoadConst { .. } | InstrKind::Undef { .. } => {}
            _ => return None,
        }
    }
    // M: phis only, each read only by a phi of x's merge.
    let outer = after(f, CfNode::If(x))?;
    for &i in &f.blocks[m].instrs {
        let InstrKind::Phi { dest, .. } = &f.instrs[i].kind else {
            return None;
        };
        let ok = f.values[*dest].uses.iter().all(|u| match u {
            Use::Instr { instr, .. } => {
                f.instrs[*instr].block == outer && f.instrs[*instr].kind.is_phi()
            }
            Use::IfCond(_) => false,
        });
        if !ok {
            return None;
        }
    }
    *sel = probe;
    Some((y, b0, m, lits, tree))
}

/// The literals of a condition `sel == c` or `a || b` of such conditions; `tree` receives the
/// comparison instructions read by nothing else (`reader` is what reads `v`; `unwritten`
/// says whether the reader itself is left unwritten).
fn cond_lits(
    f: &Function,
    v: ValueId,
    reader: Use,
    unwritten: bool,
    sel: &mut Option<(ValueId, u8)>,
    tree: &mut Vec<InstrId>,
) -> Option<SmallVec<[u32; 2]>> {
    let d = &f.values[v];
    if d.num_components != 1 || d.bit_size != 1 {
        return None;
    }
    let def = d.def;
    let InstrKind::Alu(a) = &f.instrs[def].kind else {
        return None;
    };
    let skip = unwritten && d.uses.len() == 1 && d.uses[0] == reader;
    let mut lits = SmallVec::new();
    match a.op {
        AluOp::Ieq => {
            let (s0, s1) = (a.srcs[0], a.srcs[1]);
            let (var, k) = match (
                constant(f, s1.value, s1.swizzle[0]),
                constant(f, s0.value, s0.swizzle[0]),
            ) {
                (Some(k), _) => (s0, k),
                (None, Some(k)) => (s1, k),
                _ => return None,
            };
            if f.values[var.value].bit_size != 32 {
                return None;
            }
            let this = (var.value, var.swizzle[0]);
            match sel {
                Some(s) if *s != this => return None,
                _ => *sel = Some(this),
            }
            lits.push(k);
        }
        AluOp::Ior => {
            for (i, s) in a.srcs.iter().enumerate().take(2) {
                if f.values[s.value].num_components != 1 {
                    return None;
                }
                let r = Use::Instr {
                    instr: def,
                    src: i as u16,
                };
                lits.extend(cond_lits(f, s.value, r, skip, sel, tree)?);
            }
        }
        _ => return None,
    }
    if skip {
        tree.push(def);
    }
    Some(lits)
}

/// The 32-bit constant in component `c` of `v`, if `v` is a constant.
fn constant(f: &Function, v: ValueId, c: u8) -> Option<u32> {
    match &f.instrs[f.values[v].def].kind {
        InstrKind::LoadConst { values, .. } => values.get(c as usize).map(|&x| x as u32),
        _ => None,
    }
}
