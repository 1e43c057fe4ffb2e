//! opt_loop_unroll: loops whose number of iterations is known at compile time are replaced
//! by that many copies of their body, after Mesa's `nir_loop_analyze` + `nir_opt_loop_unroll`
//! (full unrolling only).
//!
//! **Shape.** A loop qualifies when its body has exactly one `break` of its own, alone in one
//! branch of an `if` that sits directly in the body (the *exit test*; the other branch is a
//! single block without jumps), no `continue` and no `return`, and its last block falls
//! through (the back edge). The body is then `P; if (c) break; Q` (the exit test first, as
//! `for`/`while` loops are lowered, or last, as `do`/`while`, or anywhere between); nested
//! `if`s and loops may appear in `P` and `Q`, with their own breaks and continues.
//!
//! **Trip count.** Instead of matching `phi(init, phi + step)` induction variables and
//! solving the comparison as `nir_loop_analyze` does, the header phis are *simulated*: each
//! header phi whose value on entry is a constant is tracked, the exit condition and the
//! back-edge values of the tracked phis are evaluated from the tracked values with the
//! interpreter's own ALU evaluator ([`fresnel_interp::eval_alu`], as constant folding does)
//! through pure ALU operations and constants only, iteration after iteration, until the
//! exit test says `break` (at most [`LoopUnroll::max_iterations`] + 1 evaluations). A phi
//! whose next value cannot be evaluated stops being tracked; if the exit condition needs an
//! untracked value the loop is left alone. This covers every integer comparison in either
//! operand order, any step (`iadd`, `isub`, `imul`, shifts, float counters) and the "first
//! iteration" flag the lowering puts around a `for` loop's increment, and it is exact: the
//! values are the ones execution computes, bit for bit.
//!
//! **Unrolling.** With `n` iterations that pass the test, the loop becomes
//! `P0 Q0 P1 Q1 ... Pn` followed by the code after the loop: copies of `P` and `Q` (with
//! their nested control flow) where copy `k` reads, for each header phi, the value copy
//! `k-1` computed on the back edge (the entry value for `k = 0`); the exit tests vanish
//! (their outcome is known) and the blocks around them merge. Values of the loop read after
//! it (the exit block's phis, and values of `P` read directly) read their copy in `Pn`. A
//! loop that never passes its test (`n = 0`) becomes `P0` alone. Sound because the copies
//! execute exactly the instructions the loop executed, in the same order, on the same values.
//!
//! **Budget**: at most [`MAX_ITERATIONS`] iterations (Mesa drivers' `max_unroll_iterations`)
//! and at most [`MAX_INSTRUCTIONS`] instructions in the copies, counting only instructions
//! that do not become constants (pure ALU operations on constants and on the phis tracked
//! through every iteration fold away once unrolled; stores of such values become stores of
//! whole constants), and at most [`MAX_COPIED_INSTRUCTIONS`] in all. A loop that indexes a local array with
//! such a value may take Mesa's whole allowance, `LOOP_UNROLL_LIMIT` (26) × 32 instructions
//! (Mesa's `force_unroll`: the array can then become SSA values instead of scratch memory).
//! For size (`-Os`) a loop is unrolled only when the copies are no larger than the loop.
//!
//! **Size model** (`-O`). The output goes to a driver that unrolls for its own hardware,
//! so unrolling pays when the copies fold: a loop is unrolled only when [`SizeModel`]
//! estimates its copies no larger in SPIR-V than the loop. A loop whose counter indexes a
//! local array may grow by half: in its copies the array's accesses are free (the array
//! becomes SSA values instead of scratch memory).
//! The estimate counts instructions as the writer emits them (constants are global; a
//! deref is an access chain only where a memory access reads it, once per block for a
//! path the counter does not decide; a partial vector store is two or three), and in the
//! copies drops what folds: values computed from the counter and constants, loads of
//! constant data at such indices, stores of constants or runs of element stores at the
//! counter's index (one store of the whole array), vectors rebuilt every iteration, `if`s
//! on folded conditions (the larger branch), and loads of read-only memory every copy
//! repeats (counted once). The loop costs its body, its header, test and branches.
//! Measured over glslang + piglit + dEQP + shader-db + Amber against glslang + spirv-opt:
//! shaders more than 10% larger than the peer 93 -> 62 (`opt_loop_unroll_budget` is the
//! pass without the model). One
//! run unrolls at most [`MAX_UNROLLS_PER_RUN`] loops per function and stops growing a
//! function past [`MAX_FUNCTION_INSTRUCTIONS`].
//!
//! GLSL's `[[unroll]]`/`[[dont_unroll]]` hints (GL_EXT_control_flow_attributes) are checked
//! by the front end but not carried into the IR, so they are not seen here.

use fresnel_ir::{BlockId, CfNode, Function, InstrId, InstrKind, JumpKind, ListRef, LoopId};
use fresnel_ir::{Shader, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::util::{clone_nodes, const_of, reads, rename_phi_preds, source_bits};
use crate::Pass;

/// Mesa's per-iteration instruction allowance (`LOOP_UNROLL_LIMIT` in nir_opt_loop_unroll.c).
pub const LOOP_UNROLL_LIMIT: usize = 26;

/// Iterations unrolled at most at `-O` (Mesa drivers' `max_unroll_iterations`).
pub const MAX_ITERATIONS: u32 = 32;

/// Instructions the copies of an unrolled loop may have at `-O` (what does not fold away).
/// Small on purpose: the output goes to a driver that unrolls again for its own hardware, so
/// copies that do not fold only make the module larger (measured against glslang +
/// spirv-opt on piglit: -8.0% total at 256, -13.8% at 96; dEQP and shader-db unchanged).
/// Loops indexing local arrays keep Mesa's larger budget ([`LoopUnroll::max_instructions_array`]).
pub const MAX_INSTRUCTIONS: usize = 96;

/// Instructions an unrolled loop may copy in all, counting those that fold away.
pub const MAX_COPIED_INSTRUCTIONS: usize = 4096;

/// Loops unrolled per function in one run of the pass (the pipeline's loop runs it again).
/// Each unrolling costs about the loop's size (use lists are kept, not rebuilt), so a run
/// takes every loop of ordinary shaders: the whole pipeline is not repeated per 64 loops,
/// which made compile time grow faster than the shader.
pub const MAX_UNROLLS_PER_RUN: usize = 4096;

/// No unrolling in a function already this large (instructions).
pub const MAX_FUNCTION_INSTRUCTIONS: usize = 50_000;

/// Depth of the ALU expressions the trip-count simulation evaluates.
const MAX_EVAL_DEPTH: u32 = 64;

/// The pass.
pub struct LoopUnroll {
    /// Most iterations a loop may have to be unrolled.
    pub max_iterations: u32,
    /// Most instructions the unrolled copies may have (those that fold away not counted).
    pub max_instructions: usize,
    /// The same for a loop that indexes a local array with a value that becomes constant
    /// once unrolled (the array can then leave memory: Mesa's `force_unroll`).
    pub max_instructions_array: usize,
    /// Unroll only when the copies are no larger than the loop (`-Os`).
    pub size_only: bool,
    /// At `-O`, keep a loop whose copies the [`SizeModel`] estimates larger in the output
    /// than the loop (unless it indexes a local array). Off: every loop within the budget
    /// is unrolled (the pass `opt_loop_unroll_budget`, which the filetests of the unrolling
    /// itself use).
    pub size_model: bool,
}

impl Default for LoopUnroll {
    fn default() -> Self {
        LoopUnroll {
            max_iterations: MAX_ITERATIONS,
            max_instructions: MAX_INSTRUCTIONS,
            max_instructions_array: MAX_ITERATIONS as usize * LOOP_UNROLL_LIMIT,
            size_only: false,
            size_model: true,
        }
    }
}

impl LoopUnroll {
    /// Every loop within the budget, whatever the size of its copies.
    pub fn budget_only() -> LoopUnroll {
        LoopUnroll {
            size_model: false,
            ..LoopUnroll::default()
        }
    }

    /// The `-Os` variant.
    pub fn for_size() -> LoopUnroll {
        LoopUnroll {
            size_only: true,
            ..LoopUnroll::default()
        }
    }
}

impl Pass for LoopUnroll {
    fn name(&self) -> &'static str {
        if self.size_model || self.size_only {
            "opt_loop_unroll"
        } else {
            "opt_loop_unroll_budget"
        }
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let mut progress = false;
        let Shader {
            functions, vars, ..
        } = shader;
        for (_, f) in functions.iter_mut() {
            let mut done = 0;
            // The function's size, counted once and then grown by what each unrolling adds
            // (removals not subtracted: an upper bound, without a walk per loop).
            let mut size = f.instrs_in_order().len();
            while done < MAX_UNROLLS_PER_RUN {
                if size > MAX_FUNCTION_INSTRUCTIONS {
                    break;
                }
                let arena = f.instrs.len();
                // Every loop the analysis takes now, unless it nests in or around another
                // one taken or shares a block before or after it with one: each unrolling
                // then touches only its own loop and the blocks on either side, so the
                // batch needs one CFG rebuild (a rebuild per loop made compile time grow
                // with the square of the number of loops).
                let mut batch: Vec<Plan> = Vec::new();
                let mut taken = Batch::default();
                let mut restructure = None;
                for l in loops_inner_first(f) {
                    if done + batch.len() >= MAX_UNROLLS_PER_RUN {
                        break;
                    }
                    match self.analyze(f, vars, l) {
                        Some(Action::Unroll(plan)) if taken.admits(f, &plan) => {
                            taken.add(f, &plan);
                            batch.push(plan);
                        }
                        Some(Action::Restructure(ifs)) if batch.is_empty() => {
                            restructure = Some((l, ifs));
                            break;
                        }
                        _ => {}
                    }
                }
                if let Some((l, ifs)) = restructure {
                    for &k in ifs.iter().rev() {
                        restructure_continue(f, l, k);
                    }
                    // Unrolled on the next turn (the analysis found it in budget).
                    done += 1;
                } else if batch.is_empty() {
                    break;
                } else {
                    // Last first: a loop's index in its list stays right while the loops
                    // after it are replaced.
                    done += batch.len();
                    for plan in batch.iter().rev() {
                        unroll(f, plan);
                    }
                    f.rebuild_cfg();
                }
                size += f.instrs.len() - arena;
                progress = true;
            }
        }
        progress
    }
}

/// The loops of a batch, for the test of whether one more may join it: no loop inside or
/// around another of the batch, and no block before or after one that is before or after
/// another. Kept as sets, so each test costs the depth of the loop, not the batch's size (a
/// test against every member made a batch of thousands of loops quadratic).
#[derive(Default)]
struct Batch {
    /// The blocks before and after the members.
    ends: rustc_hash::FxHashSet<fresnel_ir::BlockId>,
    /// The members.
    loops: rustc_hash::FxHashSet<LoopId>,
    /// Every loop around a member.
    around: rustc_hash::FxHashSet<LoopId>,
}

impl Batch {
    fn admits(&self, f: &Function, p: &Plan) -> bool {
        if self.ends.contains(&p.before) || self.ends.contains(&p.after) {
            return false;
        }
        let Some(l) = loop_at(f, p) else {
            return false;
        };
        // `l` around a member, or a member around `l`.
        !self.around.contains(&l) && !enclosing_loops(f, p.list).any(|x| self.loops.contains(&x))
    }

    fn add(&mut self, f: &Function, p: &Plan) {
        self.ends.insert(p.before);
        self.ends.insert(p.after);
        if let Some(l) = loop_at(f, p) {
            self.loops.insert(l);
        }
        self.around.extend(enclosing_loops(f, p.list));
    }
}

/// The loops around list `l`, innermost first.
fn enclosing_loops(f: &Function, mut l: ListRef) -> impl Iterator<Item = LoopId> + '_ {
    std::iter::from_fn(move || loop {
        let (next, lp) = match l {
            ListRef::Body => return None,
            ListRef::Loop(x) => (f.loops[x].parent, Some(x)),
            ListRef::Then(i) | ListRef::Else(i) => (f.ifs[i].parent, None),
        };
        l = next;
        if lp.is_some() {
            return lp;
        }
    })
}

/// The loop a plan unrolls.
fn loop_at(f: &Function, p: &Plan) -> Option<LoopId> {
    match f.list(p.list).get(p.index) {
        Some(&CfNode::Loop(l)) => Some(l),
        _ => None,
    }
}

/// The loops of a function, each after the loops nested in it.
fn loops_inner_first(f: &Function) -> Vec<LoopId> {
    fn go(f: &Function, list: &[CfNode], out: &mut Vec<LoopId>) {
        for n in list {
            match *n {
                CfNode::Block(_) => {}
                CfNode::If(i) => {
                    go(f, &f.ifs[i].then_list, out);
                    go(f, &f.ifs[i].else_list, out);
                }
                CfNode::Loop(l) => {
                    go(f, &f.loops[l].body, out);
                    out.push(l);
                }
            }
        }
    }
    let mut out = Vec::new();
    go(f, &f.body, &mut out);
    out
}

/// Every block of a list, nested ones included, in program order.
fn blocks_of(f: &Function, list: &[CfNode], out: &mut Vec<BlockId>) {
    for n in list {
        match *n {
            CfNode::Block(b) => out.push(b),
            CfNode::If(x) => {
                blocks_of(f, &f.ifs[x].then_list, out);
                blocks_of(f, &f.ifs[x].else_list, out);
            }
            CfNode::Loop(x) => blocks_of(f, &f.loops[x].body, out),
        }
    }
}

/// A header phi: its result, its value on entry, its value on the back edge.
#[derive(Clone, Copy, Debug)]
struct HeaderPhi {
    instr: InstrId,
    dest: ValueId,
    init: ValueId,
    back: ValueId,
}

/// What to do with a loop.
#[derive(Debug)]
enum Action {
    Unroll(Plan),
    /// Remove the `continue`s ending a branch of these `if`s of the body (indices, in
    /// order) first; the loop then unrolls.
    Restructure(Vec<usize>),
}

/// The branch of an `if` that ends in a `continue` (its last block) and the other branch's
/// list, when the other branch falls through.
fn continue_branch(f: &Function, x: fresnel_ir::IfId) -> Option<(BlockId, ListRef)> {
    let ends = |l: &[CfNode]| -> Option<(BlockId, Option<JumpKind>)> {
        let Some(&CfNode::Block(b)) = l.last() else {
            return None;
        };
        let j = f.blocks[b]
            .instrs
            .last()
            .and_then(|&i| match f.instrs[i].kind {
                InstrKind::Jump(k) => Some(k),
                _ => None,
            });
        Some((b, j))
    };
    let (t, tj) = ends(&f.ifs[x].then_list)?;
    let (e, ej) = ends(&f.ifs[x].else_list)?;
    match (tj, ej) {
        (Some(JumpKind::Continue), None) => Some((t, ListRef::Else(x))),
        (None, Some(JumpKind::Continue)) => Some((e, ListRef::Then(x))),
        _ => None,
    }
}

/// What [`unroll`] needs to know about a loop.
#[derive(Debug)]
struct Plan {
    list: ListRef,
    /// Index of the loop in `list`.
    index: usize,
    before: BlockId,
    after: BlockId,
    /// Index of the exit test in the loop body.
    exit: usize,
    /// The branch block of the exit test that does not break.
    stay: BlockId,
    /// The block holding the `break`.
    brk: BlockId,
    phis: Vec<HeaderPhi>,
    /// Iterations that pass the exit test.
    trips: u32,
}

fn block_phis(f: &Function, b: BlockId) -> Vec<InstrId> {
    f.blocks[b]
        .instrs
        .iter()
        .copied()
        .take_while(|&x| f.instrs[x].kind.is_phi())
        .collect()
}

fn single_block(list: &[CfNode]) -> Option<BlockId> {
    match list {
        [CfNode::Block(b)] => Some(*b),
        _ => None,
    }
}

impl LoopUnroll {
    fn analyze(
        &self,
        f: &Function,
        vars: &fresnel_ir::EntityVec<fresnel_ir::VarId, fresnel_ir::Variable>,
        id: LoopId,
    ) -> Option<Action> {
        let list = f.loops[id].parent;
        let nodes = f.list(list);
        let index = nodes.iter().position(|n| *n == CfNode::Loop(id))?;
        let (Some(&CfNode::Block(before)), Some(&CfNode::Block(after))) = (
            index.checked_sub(1).and_then(|i| nodes.get(i)),
            nodes.get(index + 1),
        ) else {
            return None;
        };
        if after == f.end_block {
            return None;
        }
        let body = &f.loops[id].body;
        let (Some(&CfNode::Block(header)), Some(&CfNode::Block(last))) =
            (body.first(), body.last())
        else {
            return None;
        };
        if f.blocks[last]
            .instrs
            .last()
            .is_some_and(|&x| f.instrs[x].kind.is_jump())
        {
            return None;
        }
        // Jumps: exactly one break of this loop, no continue of it, no return.
        let mut blocks = Vec::new();
        blocks_of(f, body, &mut blocks);
        let mut brk = None;
        let mut continues: Vec<BlockId> = Vec::new();
        for &b in &blocks {
            let Some(&j) = f.blocks[b].instrs.last() else {
                continue;
            };
            let InstrKind::Jump(kind) = f.instrs[j].kind else {
                continue;
            };
            let own = f.enclosing_loop(f.blocks[b].list?) == Some(id);
            match kind {
                JumpKind::Return => return None,
                JumpKind::Continue if own => continues.push(b),
                JumpKind::Break if own && brk.is_some() => return None,
                JumpKind::Break if own => brk = Some(b),
                _ => {}
            }
        }
        let brk = brk?;
        if f.blocks[brk].instrs.len() != 1 || f.blocks[brk].list.is_none() {
            return None;
        }
        // The exit test: an `if` of the body whose one branch is the break alone.
        let (exit, x) = body.iter().enumerate().find_map(|(k, n)| match *n {
            CfNode::If(x) if f.blocks[brk].list == Some(ListRef::Then(x)) => Some((k, x)),
            CfNode::If(x) if f.blocks[brk].list == Some(ListRef::Else(x)) => Some((k, x)),
            _ => None,
        })?;
        let node = &f.ifs[x];
        let (Some(tb), Some(eb)) = (single_block(&node.then_list), single_block(&node.else_list))
        else {
            return None;
        };
        let break_on_true = tb == brk;
        let stay = if break_on_true { eb } else { tb };
        // Continues: each must end a branch of an `if` of the body after the exit test
        // (what `restructure_continue` removes).
        let mut continue_ifs = Vec::new();
        for &c in &continues {
            let k = body.iter().enumerate().position(|(k, n)| {
                k > exit
                    && matches!(*n, CfNode::If(y)
                        if continue_branch(f, y).is_some_and(|(cb, _)| cb == c))
            })?;
            continue_ifs.push(k);
        }
        continue_ifs.sort_unstable();
        continue_ifs.dedup();
        if continue_ifs.len() != continues.len() {
            return None;
        }
        if f.blocks[stay]
            .instrs
            .last()
            .is_some_and(|&j| f.instrs[j].kind.is_jump())
        {
            return None;
        }
        // Header phis: from `before`, from `last` and from the continues. A phi whose
        // back-edge values differ is not simulated (its value is unknown).
        let mut phis = Vec::new();
        let mut sim = Vec::new();
        for p in block_phis(f, header) {
            let InstrKind::Phi { dest, srcs } = &f.instrs[p].kind else {
                continue;
            };
            let init = srcs.iter().find(|(b, _)| *b == before)?.1;
            let back = srcs.iter().find(|(b, _)| *b == last)?.1;
            if srcs.len() != 2 + continues.len()
                || !continues.iter().all(|c| srcs.iter().any(|(b, _)| b == c))
            {
                return None;
            }
            let same = srcs.iter().all(|(b, v)| *b == before || *v == back);
            phis.push(HeaderPhi {
                instr: p,
                dest: *dest,
                init,
                back,
            });
            sim.push((*dest, init, same.then_some(back)));
        }
        let (trips, tracked) = simulate(f, &sim, node.cond, break_on_true, self.max_iterations)?;
        // The values that become constants in the copies: pure ALU operations on constants
        // and tracked phis.
        // `induced`: those of them that depend on a tracked phi (the others are constant
        // already, unrolled or not).
        let mut induced = tracked.clone();
        let mut control = tracked;
        // Loads of constant data (a local array holding only constants, an initialized
        // global nothing writes) at indices that become constant fold too.
        let mut constant_vars: FxHashMap<fresnel_ir::VarId, bool> = FxHashMap::default();
        for &b in &blocks {
            for &i in &f.blocks[b].instrs {
                if let InstrKind::Intrinsic(x) = &f.instrs[i].kind {
                    if x.op != fresnel_ir::Intrinsic::LoadDeref {
                        continue;
                    }
                    let Some(dest) = x.dest else { continue };
                    let Some((var, by_induced)) = known_deref(f, x.srcs[0], &control, &induced)
                    else {
                        continue;
                    };
                    let constant = *constant_vars.entry(var).or_insert_with(|| {
                        constant_contents(f, vars, var)
                            && matches!(
                                vars[var].mode,
                                fresnel_ir::VarMode::Function | fresnel_ir::VarMode::Global
                            )
                    });
                    if constant {
                        control.insert(dest);
                        if by_induced {
                            induced.insert(dest);
                        }
                    }
                } else if let InstrKind::Alu(a) = &f.instrs[i].kind {
                    if !a.op.info().cross_invocation
                        && a.srcs
                            .iter()
                            .all(|s| control.contains(&s.value) || const_of(f, s.value).is_some())
                    {
                        control.insert(a.dest);
                        if a.srcs.iter().any(|s| induced.contains(&s.value)) {
                            induced.insert(a.dest);
                        }
                    }
                }
            }
        }
        // A store of a value that is constant once unrolled: the copies' stores of constants
        // become whole-aggregate stores of one constant in SPIR-V (`coalesce.rs`), so they
        // are not counted against the budget (only against the hard cap below).
        let stores_constant = |k: &InstrKind| {
            matches!(k, InstrKind::Intrinsic(x)
                if x.op == fresnel_ir::Intrinsic::StoreDeref
                    && (control.contains(&x.srcs[1]) || const_of(f, x.srcs[1]).is_some()))
        };
        // Sizes: what the copies keep (instructions that do not fold away).
        let count = |nodes: &[CfNode], all: bool| -> usize {
            let mut bs = Vec::new();
            blocks_of(f, nodes, &mut bs);
            bs.iter()
                .flat_map(|b| f.blocks[*b].instrs.iter())
                .filter(|&&i| {
                    let k = &f.instrs[i].kind;
                    all || !(k.is_jump()
                        || k.is_phi()
                        || matches!(k, InstrKind::LoadConst { .. })
                        || stores_constant(k)
                        || (!k.dests().is_empty() && k.dests().iter().all(|d| control.contains(d))))
                })
                .count()
        };
        let p_nodes = &body[..exit];
        let q_nodes = &body[exit + 1..];
        let stay_list = [CfNode::Block(stay)];
        let per_pass = count(q_nodes, false) + count(&stay_list, false);
        let unrolled = (trips as usize + 1) * count(p_nodes, false) + trips as usize * per_pass;
        let indexes_local_array = blocks.iter().any(|b| {
            f.blocks[*b]
                .instrs
                .iter()
                .any(|&i| match &f.instrs[i].kind {
                    InstrKind::Deref(d) => {
                        d.mode == fresnel_ir::VarMode::Function
                            && matches!(d.kind, fresnel_ir::DerefKind::Array { index, .. }
                            if induced.contains(&index))
                            && f.deref_root_var(d.dest)
                                .is_some_and(|v| !constant_contents(f, vars, v))
                    }
                    _ => false,
                })
        });
        let allowed = if self.size_only {
            count(body, true)
        } else if indexes_local_array {
            self.max_instructions_array
        } else {
            self.max_instructions
        };
        // Everything copied, folding or not, stays within a hard cap.
        let copied = (trips as usize + 1) * count(body, true);
        if unrolled > allowed || copied > MAX_COPIED_INSTRUCTIONS {
            return None;
        }
        // At `-O`, a loop is unrolled only when the copies are not estimated larger in the
        // output than the loop (see [`SizeModel`]).
        if self.size_model && !self.size_only {
            let model = SizeModel {
                ssa_locals: indexes_local_array,
                f,
                control: &control,
                induced: &induced,
                stores_constant: &stores_constant,
                straight: body
                    .iter()
                    .enumerate()
                    .all(|(k, n)| k == exit || matches!(n, CfNode::Block(_))),
            };
            // The exit test is the header's conditional branch (in LOOP_OVERHEAD).
            let looped = (model.list(body, false) + LOOP_OVERHEAD).saturating_sub(IF_OVERHEAD);
            let copies = (trips as usize + 1) * model.list(p_nodes, true)
                + trips as usize * (model.list(q_nodes, true) + model.list(&stay_list, true))
                + model.once(body);
            // A local array the copies turn into SSA values is worth some growth (its
            // scratch memory goes): half the loop's size again.
            let allowance = if indexes_local_array {
                looped + looped / 2
            } else {
                looped
            };
            if copies > allowance {
                return None;
            }
        }
        if !continue_ifs.is_empty() {
            return Some(Action::Restructure(continue_ifs));
        }
        Some(Action::Unroll(Plan {
            list,
            index,
            before,
            after,
            exit,
            stay,
            brk,
            phis,
            trips,
        }))
    }
}

/// Instructions a loop costs in SPIR-V beyond its body: the branch into the header, the
/// header, body and merge labels, the loop merge, the conditional branch of the exit test
/// and the back edge.
const LOOP_OVERHEAD: usize = 7;

/// Instructions a selection costs in SPIR-V beyond its arms: the selection merge, the
/// conditional branch, the merge label and the arms' labels and branches.
const IF_OVERHEAD: usize = 4;

/// An estimate of the SPIR-V instructions of IR nodes, as the writer emits them: constants
/// are global (free), a deref is an access chain only where a memory access reads it (a
/// variable itself is free), every other instruction is one. In the copies of an unrolled
/// loop (`copies`), values that become constants are free, so are stores of them (one
/// store of a whole constant replaces them), and so is the control flow those values
/// decide: an `if` on one costs only its larger branch.
struct SizeModel<'a, S: Fn(&InstrKind) -> bool> {
    f: &'a Function,
    control: &'a FxHashSet<ValueId>,
    induced: &'a FxHashSet<ValueId>,
    stores_constant: &'a S,
    /// The loop body has no nested control flow.
    straight: bool,
    /// The loop indexes a local array with its counter: in the copies those accesses are
    /// SSA values (free).
    ssa_locals: bool,
}

impl<S: Fn(&InstrKind) -> bool> SizeModel<'_, S> {
    /// Whether deref `d` reaches read-only memory (an input, a uniform) through indices
    /// that do not depend on the counter.
    fn invariant_read_only(&self, mut d: ValueId) -> bool {
        let f = self.f;
        for _ in 0..64 {
            let InstrKind::Deref(x) = &f.instrs[f.values[d].def].kind else {
                return false;
            };
            if !matches!(
                x.mode,
                fresnel_ir::VarMode::ShaderIn
                    | fresnel_ir::VarMode::Uniform
                    | fresnel_ir::VarMode::Ubo
            ) {
                return false;
            }
            match x.kind {
                fresnel_ir::DerefKind::Var(_) => return true,
                fresnel_ir::DerefKind::Array { parent, index } => {
                    if self.induced.contains(&index) {
                        return false;
                    }
                    d = parent;
                }
                fresnel_ir::DerefKind::Struct { parent, .. } => d = parent,
                fresnel_ir::DerefKind::Cast { .. } => return false,
            }
        }
        false
    }

    /// A store of a constant at the counter's index: with the other copies, one store of a
    /// whole constant array.
    fn whole_constant_store(&self, k: &InstrKind) -> bool {
        (self.stores_constant)(k)
            && matches!(k, InstrKind::Intrinsic(x) if self.at_induced_index(x.srcs[0]))
    }

    /// Whether an array index on deref `d`'s path depends on the counter.
    fn induced_path(&self, mut d: ValueId) -> bool {
        let f = self.f;
        for _ in 0..64 {
            let InstrKind::Deref(x) = &f.instrs[f.values[d].def].kind else {
                return false;
            };
            match x.kind {
                fresnel_ir::DerefKind::Var(_) => return false,
                fresnel_ir::DerefKind::Array { parent, index } => {
                    if self.induced.contains(&index) {
                        return true;
                    }
                    d = parent;
                }
                fresnel_ir::DerefKind::Struct { parent, .. }
                | fresnel_ir::DerefKind::Cast { parent } => d = parent,
            }
        }
        true
    }

    /// Whether deref `d` is an array element at an index that depends on the counter.
    fn at_induced_index(&self, d: ValueId) -> bool {
        matches!(&self.f.instrs[self.f.values[d].def].kind,
            InstrKind::Deref(x) if matches!(x.kind,
                fresnel_ir::DerefKind::Array { index, .. } if self.induced.contains(&index)))
    }

    /// Whether deref `d` reaches a function-local variable through an index the counter
    /// decides: once unrolled such an access has a constant index and the variable can
    /// become SSA values.
    fn local_at_induced_index(&self, d: ValueId) -> bool {
        matches!(&self.f.instrs[self.f.values[d].def].kind,
            InstrKind::Deref(x) if x.mode == fresnel_ir::VarMode::Function)
            && self.induced_path(d)
    }

    fn instr(&self, i: InstrId, copies: bool) -> usize {
        let f = self.f;
        let k = &f.instrs[i].kind;
        if copies && self.ssa_locals {
            // Accesses to a local array the copies index with constants: SSA values.
            match k {
                InstrKind::Deref(d) if self.local_at_induced_index(d.dest) => return 0,
                InstrKind::Intrinsic(x)
                    if matches!(
                        x.op,
                        fresnel_ir::Intrinsic::LoadDeref | fresnel_ir::Intrinsic::StoreDeref
                    ) && self.local_at_induced_index(x.srcs[0]) =>
                {
                    return 0
                }
                _ => {}
            }
        }
        match k {
            InstrKind::Jump(_) | InstrKind::LoadConst { .. } | InstrKind::Undef { .. } => 0,
            InstrKind::Phi { .. } => usize::from(!copies),
            InstrKind::Deref(d) => {
                // An access chain where a memory access reads the deref; in the copies,
                // not for stores of constants (one whole store) or loads that fold.
                let costly = |instr: InstrId| {
                    let k = &f.instrs[instr].kind;
                    !matches!(k, InstrKind::Deref(_))
                        && !(copies
                            && (self.whole_constant_store(k)
                                || k.dests().iter().any(|v| self.control.contains(v))))
                };
                let accessed = f.values[d.dest].uses.iter().any(|u| match *u {
                    fresnel_ir::Use::Instr { instr, .. } => costly(instr),
                    fresnel_ir::Use::IfCond(_) => false,
                });
                let only_stored = f.values[d.dest].uses.iter().all(|u| {
                    matches!(*u, fresnel_ir::Use::Instr { instr, src: 0 }
                        if matches!(&f.instrs[instr].kind, InstrKind::Intrinsic(x)
                            if x.op == fresnel_ir::Intrinsic::StoreDeref))
                });
                if copies && self.straight && only_stored && self.at_induced_index(d.dest) {
                    return 0;
                }
                // The writer keeps one access chain per path and block: in straight-line
                // copies, a path the counter does not decide is written once.
                if copies && self.straight && !self.induced_path(d.dest) {
                    return 0;
                }
                usize::from(!matches!(d.kind, fresnel_ir::DerefKind::Var(_)) && accessed)
            }
            _ if copies && k.dests().iter().any(|v| self.control.contains(v)) => 0,
            // Vectors rebuilt every iteration (`v.x += ...`) dissolve into the next copy's
            // reads of them.
            InstrKind::Alu(a)
                if copies
                    && matches!(
                        a.op,
                        fresnel_ir::AluOp::Mov
                            | fresnel_ir::AluOp::Vec2
                            | fresnel_ir::AluOp::Vec3
                            | fresnel_ir::AluOp::Vec4
                    ) =>
            {
                0
            }
            // A load of read-only memory at an address the counter does not decide is the
            // same in every copy: CSE keeps one.
            InstrKind::Intrinsic(x)
                if copies
                    && x.op == fresnel_ir::Intrinsic::LoadDeref
                    && self.invariant_read_only(x.srcs[0]) =>
            {
                0
            }
            // In straight-line copies, stores at the counter's index are a run of element
            // stores the writer makes into one store of the whole array.
            InstrKind::Intrinsic(x)
                if copies
                    && self.straight
                    && x.op == fresnel_ir::Intrinsic::StoreDeref
                    && self.at_induced_index(x.srcs[0]) =>
            {
                0
            }
            _ if copies && self.whole_constant_store(k) => 0,
            // A store of part of a vector: an access chain to the component and a store
            // for one component, a load, a shuffle and a store for more.
            InstrKind::Intrinsic(x) if x.op == fresnel_ir::Intrinsic::StoreDeref => {
                let n = x.srcs.get(1).map_or(1, |&v| f.values[v].num_components);
                let full = (1i64 << n) - 1;
                let mask = x.index(fresnel_ir::IndexKind::WriteMask).unwrap_or(full) & full;
                match (mask == full, mask.count_ones()) {
                    (true, _) => 1,
                    (false, 1) => 2,
                    _ => 3,
                }
            }
            _ => 1,
        }
    }

    /// What the copies hold once rather than per copy: the loads of read-only memory every
    /// copy repeats (CSE keeps one) and, in straight-line copies, the access chains of
    /// paths the counter does not decide (the writer keeps one per block).
    fn once(&self, nodes: &[CfNode]) -> usize {
        let mut blocks = Vec::new();
        blocks_of(self.f, nodes, &mut blocks);
        blocks
            .iter()
            .flat_map(|&b| self.f.blocks[b].instrs.iter())
            .filter(|&&i| match &self.f.instrs[i].kind {
                InstrKind::Intrinsic(x) => {
                    x.op == fresnel_ir::Intrinsic::LoadDeref
                        && !x.dest.is_some_and(|v| self.control.contains(&v))
                        && self.invariant_read_only(x.srcs[0])
                }
                InstrKind::Deref(d) => {
                    self.straight && !self.induced_path(d.dest) && self.instr(i, false) == 1
                }
                _ => false,
            })
            .count()
    }

    fn list(&self, nodes: &[CfNode], copies: bool) -> usize {
        let f = self.f;
        nodes
            .iter()
            .map(|n| match *n {
                CfNode::Block(b) => f.blocks[b]
                    .instrs
                    .iter()
                    .map(|&i| self.instr(i, copies))
                    .sum(),
                CfNode::If(x) => {
                    let node = &f.ifs[x];
                    let (t, e) = (
                        self.list(&node.then_list, copies),
                        self.list(&node.else_list, copies),
                    );
                    if copies && self.control.contains(&node.cond) {
                        t.max(e)
                    } else {
                        t + e + IF_OVERHEAD
                    }
                }
                CfNode::Loop(l) => self.list(&f.loops[l].body, copies) + LOOP_OVERHEAD,
            })
            .sum()
    }
}

/// The root variable of a deref whose array indices are all constant or in `control`, and
/// whether one of them is in `induced`.
fn known_deref(
    f: &Function,
    mut d: ValueId,
    control: &FxHashSet<ValueId>,
    induced: &FxHashSet<ValueId>,
) -> Option<(fresnel_ir::VarId, bool)> {
    let mut by_induced = false;
    for _ in 0..64 {
        let InstrKind::Deref(x) = &f.instrs[f.values[d].def].kind else {
            return None;
        };
        match x.kind {
            fresnel_ir::DerefKind::Var(v) => return Some((v, by_induced)),
            fresnel_ir::DerefKind::Array { parent, index } => {
                if !control.contains(&index) && const_of(f, index).is_none() {
                    return None;
                }
                by_induced |= induced.contains(&index);
                d = parent;
            }
            fresnel_ir::DerefKind::Struct { parent, .. } => d = parent,
            fresnel_ir::DerefKind::Cast { .. } => return None,
        }
    }
    None
}

/// Whether local variable `var` only ever holds constants: every store to it stores a
/// constant and every copy into it copies an initialized global that nothing writes. Such
/// an array indexed by a loop counter needs no unrolling to leave memory: it is constant
/// data (the driver's `nir_opt_large_constants`, SPIR-V's constant composite).
fn constant_contents(
    f: &Function,
    vars: &fresnel_ir::EntityVec<fresnel_ir::VarId, fresnel_ir::Variable>,
    var: fresnel_ir::VarId,
) -> bool {
    use fresnel_ir::Intrinsic as I;
    let read_only_global = |g: fresnel_ir::VarId| {
        vars[g].mode == fresnel_ir::VarMode::Global
            && vars[g].init.is_some()
            && !f.instrs.iter().any(|(_, ins)| {
                !ins.removed
                    && matches!(&ins.kind, InstrKind::Intrinsic(x)
                        if matches!(x.op, I::StoreDeref | I::CopyDeref)
                            && f.deref_root_var(x.srcs[0]) == Some(g))
            })
    };
    f.instrs.iter().all(|(_, ins)| {
        let InstrKind::Intrinsic(x) = &ins.kind else {
            return true;
        };
        if ins.removed || x.srcs.is_empty() || f.deref_root_var(x.srcs[0]) != Some(var) {
            return true;
        }
        match x.op {
            I::LoadDeref => true,
            I::StoreDeref => const_of(f, x.srcs[1]).is_some(),
            I::CopyDeref => f
                .deref_root_var(x.srcs[1])
                .is_some_and(|g| g != var && read_only_global(g)),
            // Anything else through the variable (atomics, calls' copies) may write it.
            _ => false,
        }
    })
}

/// Evaluates a value from the tracked phis through constants and pure ALU operations.
fn eval(
    f: &Function,
    v: ValueId,
    env: &FxHashMap<ValueId, Vec<u64>>,
    memo: &mut FxHashMap<ValueId, Vec<u64>>,
    depth: u32,
) -> Option<Vec<u64>> {
    if let Some(x) = env.get(&v).or_else(|| memo.get(&v)) {
        return Some(x.clone());
    }
    if let Some(c) = const_of(f, v) {
        return Some(c.to_vec());
    }
    if depth > MAX_EVAL_DEPTH {
        return None;
    }
    let InstrKind::Alu(a) = &f.def(v).kind else {
        return None;
    };
    if a.op.info().cross_invocation {
        return None;
    }
    let dv = &f.values[a.dest];
    let dn = usize::from(dv.num_components);
    if dn > 4 {
        return None;
    }
    let mut ops = [[0u64; 4]; 4];
    for (k, s) in a.srcs.iter().enumerate() {
        let vals = eval(f, s.value, env, memo, depth + 1)?;
        let n = reads(a.op, k, dv.num_components).min(4);
        for (slot, &sw) in ops.get_mut(k)?.iter_mut().zip(&s.swizzle).take(n) {
            *slot = *vals.get(usize::from(sw))?;
        }
    }
    let out = fresnel_interp::eval_alu(a.op, source_bits(f, a), dv.bit_size, dn, &ops).ok()?;
    let out = out.get(..dn)?.to_vec();
    memo.insert(v, out.clone());
    Some(out)
}

/// The number of iterations that pass the exit test, and the header phis whose value the
/// simulation knew in every iteration (they become constants in the copies).
fn simulate(
    f: &Function,
    phis: &[(ValueId, ValueId, Option<ValueId>)],
    cond: ValueId,
    break_on_true: bool,
    max_iterations: u32,
) -> Option<(u32, FxHashSet<ValueId>)> {
    let mut env: FxHashMap<ValueId, Vec<u64>> = FxHashMap::default();
    let mut memo = FxHashMap::default();
    let empty = FxHashMap::default();
    for &(dest, init, _) in phis {
        if let Some(v) = eval(f, init, &empty, &mut memo, 0) {
            env.insert(dest, v);
        }
    }
    for k in 0..=max_iterations {
        memo.clear();
        let c = eval(f, cond, &env, &mut memo, 0)?;
        let taken = c.first().copied().unwrap_or(0) & 1 != 0;
        if taken == break_on_true {
            // The phis tracked through every iteration: constants in every copy.
            return Some((k, env.keys().copied().collect()));
        }
        let mut next = FxHashMap::default();
        for &(dest, _, back) in phis {
            let Some(back) = back.filter(|_| env.contains_key(&dest)) else {
                continue;
            };
            if let Some(v) = eval(f, back, &env, &mut memo, 0) {
                next.insert(dest, v);
            }
        }
        env = next;
    }
    None
}

/// Appends copied nodes to the code being built: the first (a block) joins `acc`, the
/// others follow; `acc` becomes the last block.
fn append(
    f: &mut Function,
    out: &mut Vec<CfNode>,
    acc: &mut BlockId,
    merged: &mut FxHashMap<BlockId, BlockId>,
    nodes: Vec<CfNode>,
) {
    let mut it = nodes.into_iter();
    if let Some(CfNode::Block(first)) = it.next() {
        let instrs = std::mem::take(&mut f.blocks[first].instrs);
        for &x in &instrs {
            f.instrs[x].block = *acc;
        }
        f.blocks[*acc].instrs.extend(instrs);
        f.blocks[first].list = None;
        merged.insert(first, *acc);
    }
    for n in it {
        if let CfNode::Block(b) = n {
            *acc = b;
        }
        out.push(n);
    }
}

fn unroll(f: &mut Function, plan: &Plan) {
    let CfNode::Loop(id) = f.list(plan.list)[plan.index] else {
        return;
    };
    let body = f.loops[id].body.clone();
    let CfNode::If(_exit_if): CfNode = body[plan.exit] else {
        return;
    };
    let p_nodes = body[..plan.exit].to_vec();
    let q_nodes = body[plan.exit + 1..].to_vec();
    let q_first = match q_nodes.first() {
        Some(CfNode::Block(b)) => *b,
        _ => return,
    };
    let header_phis: FxHashSet<InstrId> = plan.phis.iter().map(|p| p.instr).collect();
    let q_phis: Vec<InstrId> = block_phis(f, q_first);
    let q_phi_set: FxHashSet<InstrId> = q_phis.iter().copied().collect();
    let mut out: Vec<CfNode> = Vec::new();
    let mut acc = plan.before;
    let mut merged: FxHashMap<BlockId, BlockId> = FxHashMap::default();
    let mut cur: Vec<ValueId> = plan.phis.iter().map(|p| p.init).collect();
    let mut vmap: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    // Everything made from here on is a copy: its uses are recorded once the copies are
    // done, so use lists stay current without rebuilding the whole function.
    let (instrs_before, ifs_before) = (f.instrs.len(), f.ifs.len());
    let blocks_before = f.blocks.len();
    let after_succs: Vec<BlockId> = f.blocks[plan.after]
        .succs
        .iter()
        .flatten()
        .copied()
        .collect();
    for k in 0..=plan.trips {
        vmap.clear();
        for (p, v) in plan.phis.iter().zip(&cur) {
            vmap.insert(p.dest, *v);
        }
        let copy = clone_nodes(f, &p_nodes, plan.list, &mut vmap, &|i| {
            header_phis.contains(&i)
        });
        append(f, &mut out, &mut acc, &mut merged, copy);
        if k == plan.trips {
            break;
        }
        let copy = clone_nodes(
            f,
            &[CfNode::Block(plan.stay)],
            plan.list,
            &mut vmap,
            &|_| false,
        );
        append(f, &mut out, &mut acc, &mut merged, copy);
        // The first block after the exit test has one predecessor: its phis are copies.
        for &p in &q_phis {
            if let InstrKind::Phi { dest, srcs } = &f.instrs[p].kind {
                if let Some(&(_, s)) = srcs.first() {
                    let s = vmap.get(&s).copied().unwrap_or(s);
                    vmap.insert(*dest, s);
                }
            }
        }
        let copy = clone_nodes(f, &q_nodes, plan.list, &mut vmap, &|i| {
            q_phi_set.contains(&i)
        });
        append(f, &mut out, &mut acc, &mut merged, copy);
        cur = plan
            .phis
            .iter()
            .map(|p| vmap.get(&p.back).copied().unwrap_or(p.back))
            .collect();
    }
    let last_map = vmap;
    for i in instrs_before..f.instrs.len() {
        let id = InstrId(i as u32);
        if !f.instrs[id].removed {
            f.track_uses(id);
        }
    }
    for i in ifs_before..f.ifs.len() {
        f.track_if_cond(fresnel_ir::IfId(i as u32));
    }
    // Values read after the loop: the exit phis, and values of `P` read directly.
    let exit_phis = block_phis(f, plan.after);
    let mut replace: Vec<(ValueId, ValueId)> = Vec::new();
    for &p in &exit_phis {
        if let InstrKind::Phi { dest, srcs } = &f.instrs[p].kind {
            let Some(s) = srcs
                .iter()
                .find(|(b, _)| *b == plan.brk)
                .or(srcs.first())
                .map(|(_, s)| *s)
            else {
                continue;
            };
            replace.push((*dest, last_map.get(&s).copied().unwrap_or(s)));
        }
    }
    let mut old_blocks = Vec::new();
    blocks_of(f, &body, &mut old_blocks);
    for &b in &old_blocks {
        for &i in &f.blocks[b].instrs {
            for d in f.instrs[i].kind.dests() {
                if let Some(&n) = last_map.get(&d) {
                    replace.push((d, n));
                }
            }
        }
    }
    f.blocks[plan.after]
        .instrs
        .retain(|x| !exit_phis.contains(x));
    // Resolve chains (an exit phi may read a value of `P` that is itself replaced).
    for (old, new) in replace {
        f.replace_all_uses(old, new);
    }
    // Drop the loop (and the exit phis), forgetting their uses.
    // (In one batch: each source's use list is filtered once.)
    let mut dropped: Vec<InstrId> = exit_phis.to_vec();
    for &b in &old_blocks {
        dropped.extend(std::mem::take(&mut f.blocks[b].instrs));
        f.blocks[b].list = None;
    }
    f.remove_instrs_unchecked(&dropped);
    let mut old_ifs = Vec::new();
    ifs_of(f, &body, &mut old_ifs);
    for i in old_ifs {
        f.untrack_if_cond(i);
    }
    // The block after the loop joins the last copied block.
    append(
        f,
        &mut out,
        &mut acc,
        &mut merged,
        vec![CfNode::Block(plan.after)],
    );
    let nodes = f.list(plan.list).clone();
    let mut new_list = nodes[..plan.index].to_vec();
    new_list.extend(out);
    new_list.extend(nodes[plan.index + 2..].iter().copied());
    *f.list_mut(plan.list) = new_list;
    // Phis naming a merged block: in the copies, and after the block that followed the
    // loop (its successors are as they were: the caller rebuilds the CFG after the batch).
    let mut renamed: Vec<BlockId> = (blocks_before..f.blocks.len())
        .map(|b| BlockId(b as u32))
        .filter(|&b| f.blocks[b].list.is_some())
        .collect();
    renamed.extend(after_succs);
    rename_phi_preds(f, &renamed, |b| merged.get(&b).copied().unwrap_or(b));
    #[cfg(debug_assertions)]
    {
        // The use lists kept along the way equal rebuilt ones.
        let sorted_uses = |f: &Function| -> Vec<Vec<fresnel_ir::Use>> {
            f.values
                .iter()
                .map(|(_, v)| {
                    let mut u = v.uses.to_vec();
                    u.sort_unstable();
                    u
                })
                .collect()
        };
        let kept = sorted_uses(f);
        f.rebuild_uses();
        debug_assert!(
            kept == sorted_uses(f),
            "opt_loop_unroll: use lists out of date"
        );
    }
}

/// Every `if` of a list, nested ones included.
fn ifs_of(f: &Function, list: &[CfNode], out: &mut Vec<fresnel_ir::IfId>) {
    for n in list {
        match *n {
            CfNode::Block(_) => {}
            CfNode::If(x) => {
                out.push(x);
                ifs_of(f, &f.ifs[x].then_list, out);
                ifs_of(f, &f.ifs[x].else_list, out);
            }
            CfNode::Loop(x) => ifs_of(f, &f.loops[x].body, out),
        }
    }
}

/// Removes the `continue` that ends one branch of the `if` at index `k` of a loop body,
/// after Mesa's `opt_if_loop_last_continue`: the nodes after the `if` move to the end of
/// the other branch, so the `continue` becomes the fall-through to a new last block of the
/// body. The loop's header phis read, from that new block, the value of the branch taken
/// (a new phi when the `continue` and the old back edge carried different values). Sound
/// because each path runs the same instructions as before: the continuing branch skipped
/// the moved nodes before and skips them now. The caller checked that the moved nodes hold
/// no `break`/`continue` of this loop.
fn restructure_continue(f: &mut Function, l: LoopId, k: usize) {
    let body = f.loops[l].body.clone();
    let (Some(&CfNode::If(x)), Some(&CfNode::Block(j)), Some(&CfNode::Block(old_last))) =
        (body.get(k), body.get(k + 1), body.last())
    else {
        return;
    };
    let Some((cb, other)) = continue_branch(f, x) else {
        return;
    };
    let Some(CfNode::Block(eb)) = f.list(other).last().copied() else {
        return;
    };
    let header = match body.first() {
        Some(CfNode::Block(b)) => *b,
        _ => return,
    };
    // The continue goes.
    if let Some(&jump) = f.blocks[cb].instrs.last() {
        f.instrs[jump].removed = true;
        f.blocks[cb].instrs.pop();
    }
    // The block after the `if` joins the end of the other branch (its phis have that one
    // predecessor: they become copies of their source).
    let j_phis = block_phis(f, j);
    let mut copies = Vec::new();
    for &p in &j_phis {
        if let InstrKind::Phi { dest, srcs } = &f.instrs[p].kind {
            if let Some(&(_, v)) = srcs.first() {
                copies.push((*dest, v));
            }
        }
        f.instrs[p].removed = true;
    }
    let rest_instrs: Vec<InstrId> = f.blocks[j]
        .instrs
        .iter()
        .copied()
        .filter(|i| !j_phis.contains(i))
        .collect();
    f.blocks[j].instrs.clear();
    for &i in &rest_instrs {
        f.instrs[i].block = eb;
    }
    f.blocks[eb].instrs.extend(rest_instrs);
    f.blocks[j].list = None;
    // The nodes after it move into the other branch.
    let moved: Vec<CfNode> = body[k + 2..].to_vec();
    for &n in &moved {
        match n {
            CfNode::Block(b) => f.blocks[b].list = Some(other),
            CfNode::If(y) => f.ifs[y].parent = other,
            CfNode::Loop(y) => f.loops[y].parent = other,
        }
    }
    f.list_mut(other).extend(moved);
    let other_last = if old_last == j { eb } else { old_last };
    // A new last block of the body.
    let new_last = f.blocks.push(fresnel_ir::Block {
        list: Some(ListRef::Loop(l)),
        ..Default::default()
    });
    let mut new_body = body[..=k].to_vec();
    new_body.push(CfNode::Block(new_last));
    f.loops[l].body = new_body;
    // Header phis: the continue's and the old back edge's values meet in the new block.
    for p in block_phis(f, header) {
        let InstrKind::Phi { dest, srcs } = f.instrs[p].kind.clone() else {
            continue;
        };
        let (Some(&(_, vc)), Some(&(_, vb))) = (
            srcs.iter().find(|(b, _)| *b == cb),
            srcs.iter().find(|(b, _)| *b == old_last),
        ) else {
            continue;
        };
        let v = if vc == vb {
            vc
        } else {
            let shape = (f.values[dest].bit_size, f.values[dest].num_components);
            let mut srcs2: smallvec::SmallVec<[(BlockId, ValueId); 2]> = Default::default();
            srcs2.push((cb, vc));
            srcs2.push((other_last, vb));
            let phi = f.new_instr(new_last, &[shape], |d| InstrKind::Phi {
                dest: d[0],
                srcs: srcs2,
            });
            f.blocks[new_last].instrs.push(phi);
            f.instrs[phi].kind.dests()[0]
        };
        if let InstrKind::Phi { srcs, .. } = &mut f.instrs[p].kind {
            srcs.retain(|(b, _)| *b != cb && *b != old_last);
            srcs.push((new_last, v));
            srcs.sort_by_key(|(b, _)| *b);
        }
    }
    let all = f.blocks_in_order();
    rename_phi_preds(f, &all, |b| if b == j { eb } else { b });
    f.rebuild_cfg();
    f.rebuild_uses();
    for (d, v) in copies {
        f.replace_all_uses(d, v);
    }
}
