//! Functions and structured control flow.
//!
//! The IR tree maps onto SPIR-V's structured constructs:
//!
//! * a block followed by an `if` ends with `OpSelectionMerge` (the block after the `if`)
//!   and `OpBranchConditional` to the first blocks of the two arms; an arm that is one
//!   empty block is not written, the branch names the merge instead;
//! * a chain of `if`s on one integer is one `OpSwitch` (`switch.rs`);
//! * a `loop` becomes a header block `H` (the phis of the loop's first block,
//!   `OpLoopMerge` naming the block after the loop and a continue block `C`), the body, then
//!   `C`, which branches back to `H`. The first IR block's code is written in `H` unless it
//!   must split or ends in a selection; when that selection is the loop's exit test (one arm
//!   empty, the other only `break`), `H` ends with that test's `OpBranchConditional`,
//!   naming the loop's merge (`HeaderForm`).
//!   `continue` and the fall-through at the end of the body branch to `C`; the header phis
//!   take the value on entry from the block before the loop and the value on the back edge
//!   from phis in `C` (one source per IR back-edge predecessor; with one predecessor,
//!   its values themselves);
//! * `break` branches to the block after the loop, `return` returns at once (loading the
//!   return variable and the `out` parameters).
//!
//! A phi source's predecessor label is the SPIR-V block that actually branches: the last
//! SPIR-V block written for the IR predecessor (an IR block may be split, after `OpKill` or
//! around a conditional `terminate`), recorded when its terminator is written.

use fresnel_ir::{
    BaseType, BlockId, CfNode, FuncId, Function, InstrId, InstrKind, JumpKind, ListRef, LoopId,
    ValueId,
};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Unread pure instructions removed from a written body (issue 6).
pub(super) mod sweep;

/// Chains of `OpCompositeExtract` made one before the sweep (issue 6).
mod extract_chain;

/// The pure instructions of the current block ([`FuncCx::pure`]).
mod pure;
pub use pure::PureCache;

use super::spec::op;
use super::types::{FuncSig, Kind};
use super::writer::Words;
use super::{Module, Result, SpirvError};

/// What an SSA value became.
///
/// (Performance: 20 bytes, no heap data: the table of every value of a function is one
/// of the writer's largest allocations.)
#[derive(Copy, Clone, Debug)]
pub enum Val {
    None,
    /// A SPIR-V id with its type.
    Id(u32, Kind),
    /// A constant materialized at each use with the type the use wants: its bits are
    /// `FuncCx::consts[i]` (performance: an index, not the bits inline).
    Const(u32),
    /// An undefined value (materialized at each use).
    Undef,
    /// A column of `gl_ObjectToWorld3x4EXT`/`gl_WorldToObject3x4EXT` (a `mat3x4`): the
    /// built-in is the `mat4x3` variable `var`, read transposed; `col` is the column index
    /// (a 32-bit integer id).
    TransposedCol {
        var: u32,
        col: u32,
    },
    /// An opaque value that is not behind a pointer (an acceleration structure made from a
    /// 64-bit address by a `deref_cast`): what loading the "deref" gives.
    Opaque(u32),
    /// A sparse lookup's result of more components than a SPIR-V vector holds: the texel
    /// (`tk`: components `0..tk.comps`) and the residency code (the last component, already
    /// of `tk`'s scalar kind); components are extracted only where read alone.
    Sparse {
        texel: u32,
        tk: Kind,
        code: u32,
    },
    /// A buffer reference loaded as a pointer (`refs.rs`): id and SPIR-V pointer type. The
    /// IR value is a 64-bit address; uses wanting one convert it.
    Ref(u32, u32),
    /// A pointer (a deref): id, pointee SPIR-V type, storage class, IR type and mode.
    Ptr {
        id: u32,
        pointee: u32,
        class: u32,
        ty: fresnel_ir::TypeId,
        mode: fresnel_ir::VarMode,
    },
}

pub struct FuncCx<'m, 'a> {
    pub m: &'m mut Module<'a>,
    pub f: &'a Function,
    pub sig: FuncSig,
    pub vals: Vec<Val>,
    /// The bits of each [`Val::Const`].
    pub consts: Vec<SmallVec<[u64; 4]>>,
    /// Inferred kind of each value (phis, constants' preferred type).
    pub kinds: Vec<Option<Kind>>,
    pub code: Words,
    /// The current SPIR-V block.
    pub cur: u32,
    labels: FxHashMap<BlockId, u32>,
    /// The last SPIR-V block of each IR block (the one whose terminator branches).
    term: FxHashMap<BlockId, u32>,
    /// Phi inputs, converted to the phi's kind at the end of the predecessor.
    phi_in: FxHashMap<(ValueId, BlockId), u32>,
    loops: FxHashMap<LoopId, LoopLabels>,
    /// Back-edge phis of each loop's continue block: (header phi, id of the C phi).
    cont_phis: FxHashMap<LoopId, Vec<(ValueId, u32)>>,
    /// Whole-aggregate loads and stores (`coalesce.rs`).
    pub groups: super::coalesce::Groups,
    /// The aggregate loaded by each load group (by its parent deref): id and SPIR-V type.
    pub aggs: FxHashMap<ValueId, (u32, u32)>,
    /// `if` chains written as `OpSwitch` (`switch.rs`).
    switches: super::switch::Switches,
    /// Pure instructions written for ALU sources in the current block, by (opcode, type,
    /// operands).
    pub pure: PureCache,
    /// Phis written as buffer reference pointers (`refs.rs`): their pointer types.
    pub ref_phis: FxHashMap<ValueId, u32>,
    /// GLSL.std.450 instructions re-formed from ALU patterns (`idiom.rs`).
    idioms: super::idiom::Idioms,
    /// Deref steps folded into longer access chains (`chain.rs`).
    pub chains: super::chain::Chains,
    /// Swizzles read in several blocks, written at their value's definition (`hoist.rs`).
    pub hoisted: super::hoist::Hoisted,
    /// The value stored into each function-local variable stored exactly once (`None`:
    /// more than once), computed on first use by the microscaling constant folding
    /// (`instr/small_float.rs`).
    pub single_stores: Option<FxHashMap<fresnel_ir::VarId, Option<ValueId>>>,
    /// The IR block being written.
    pub ir_block: Option<BlockId>,
    /// [`super::decorate::NonUniform::any_in`] of the function.
    any_non_uniform: bool,
    /// [`super::decorate::relaxed_values`] of the function.
    pub relaxed: Vec<bool>,
    /// The instructions `coalesce.rs`, `switch.rs` or `idiom.rs` took (skipped or written
    /// their way): [`FuncCx::emit_taken`] looks them up.
    taken: super::coalesce::InstrSet,
    /// Derefs inside heap variables (`heap.rs`).
    pub heap_paths: FxHashMap<ValueId, super::heap::HeapPath>,
}

/// See [`FuncCx::header_form`].
enum HeaderForm {
    /// The first block gets a label of its own after the header.
    Separate,
    /// The first block's code is the header's.
    Plain,
    /// As `Plain`, and the `if` `x` after it only leaves the loop (`exit`: the `break`
    /// arm) or goes on (`stay`: the empty arm).
    ExitTest {
        x: fresnel_ir::IfId,
        stay: BlockId,
        exit: BlockId,
        exit_in_then: bool,
    },
}

#[derive(Copy, Clone, Debug)]
struct LoopLabels {
    header: u32,
    cont: u32,
    merge: u32,
    /// The continue target is the body's last block itself (see [`FuncCx::emit_loop`]):
    /// it branches back to the header.
    folded: bool,
}

/// SPIR-V's Function Control mask for a source inlining hint (Inline 0x1, DontInline 0x2).
pub(crate) fn function_control(c: fresnel_ir::FunctionControl) -> u32 {
    match c {
        fresnel_ir::FunctionControl::None => 0,
        fresnel_ir::FunctionControl::Inline => 0x1,
        fresnel_ir::FunctionControl::DontInline => 0x2,
    }
}

pub fn emit_function(m: &mut Module<'_>, fid: FuncId) -> Result<()> {
    let f = &m.shader.functions[fid];
    let sig = m.func_sigs[fid.0 as usize].clone();
    let fn_id = m.func_ids[fid.0 as usize];
    let groups = super::coalesce::analyze(m.shader, f, &m.ref_slots);
    let switches = super::switch::analyze(f);
    let idioms = super::idiom::analyze(f, &groups);
    let mut taken = super::coalesce::InstrSet::with_len(f.instrs.len());
    taken.extend(groups.skip.iter());
    taken.extend(switches.skip.iter().copied());
    taken.extend(idioms.skip.iter().copied());
    taken.extend(idioms.at.keys().copied());
    taken.extend(groups.load_at.keys().copied());
    taken.extend(groups.store_at.keys().copied());
    taken.extend(groups.scaled_reads.keys().copied());
    taken.extend(groups.matvec_at.keys().copied());
    let mut cx = FuncCx {
        m,
        f,
        sig,
        vals: vec![Val::None; f.values.len()],
        consts: Vec::new(),
        kinds: vec![None; f.values.len()],
        // The module's functions once the head is written (below).
        code: Words::new(),
        cur: 0,
        // About one entry per block (performance: no regrowing).
        labels: FxHashMap::with_capacity_and_hasher(f.blocks.len(), Default::default()),
        term: FxHashMap::with_capacity_and_hasher(f.blocks.len(), Default::default()),
        phi_in: FxHashMap::default(),
        loops: FxHashMap::default(),
        cont_phis: FxHashMap::default(),
        groups,
        aggs: FxHashMap::default(),
        switches,
        // About one pure instruction per four IR instructions (performance: no regrowing,
        // each of which rehashes every key).
        pure: PureCache::with_capacity(f.instrs.len() / 4),
        ref_phis: FxHashMap::default(),
        idioms,
        chains: super::chain::analyze(f),
        hoisted: super::hoist::analyze(f),
        single_stores: None,
        ir_block: None,
        any_non_uniform: super::decorate::NonUniform::any_in(f),
        relaxed: super::decorate::relaxed_values(f),
        taken,
        heap_paths: FxHashMap::default(),
    };
    cx.infer_kinds();
    // Only a phi of loads from buffer-reference slots is a pointer (performance: no walk
    // without such slots).
    let any_slots = !cx.m.ref_slots.is_empty();
    for (_, b) in f.blocks.iter().filter(|_| any_slots) {
        for &i in &b.instrs {
            let InstrKind::Phi { dest, .. } = &f.instrs[i].kind else {
                continue;
            };
            if let Some(t) = super::refs::phi_pointee(cx.m.shader, f, *dest, &cx.m.ref_slots) {
                let p = cx.m.ref_pointer(t)?;
                cx.ref_phis.insert(*dest, p);
            }
        }
    }
    // The head and the locals go straight to the module's functions (performance: no
    // buffers of their own; nothing else writes there meanwhile, and a failure fails the
    // whole module).
    let control = function_control(f.control);
    cx.m.functions.inst(
        op::FUNCTION,
        &[cx.sig.ret_type, fn_id, control, cx.sig.fn_type],
    );
    let mut params = Vec::new();
    for (var, k) in cx.sig.ins.clone() {
        let t = cx.m.param_type(var, k)?;
        let id = cx.m.id();
        cx.m.functions.inst(op::FUNCTION_PARAMETER, &[t, id]);
        if cx.m.ref_ptrs.contains_key(&t) {
            // A PhysicalStorageBuffer pointer parameter must say whether it aliases.
            const ALIASED: u32 = 20;
            cx.m.decorate(id, ALIASED, &[]);
        }
        params.push((var, id));
    }
    let entry = cx.m.id();
    cx.m.functions.inst(op::LABEL, &[entry]);
    cx.cur = entry;
    // Locals.
    for &lv in &f.locals {
        let v = &cx.m.shader.vars[lv];
        // An abort message's bytes (`instr/abort.rs`): no variable.
        if super::instr::message_var(cx.m.shader, f, lv).is_some() {
            continue;
        }
        let t = match cx.m.ref_slots.get(&super::refs::Slot::Var(lv)) {
            // A local holding a buffer reference as a pointer (`refs.rs`).
            Some(&p) => {
                let t = cx.m.ref_pointer(p)?;
                cx.m.var_types.insert(lv, t);
                t
            }
            None => cx.m.ir_type(v.ty, false, None)?,
        };
        if super::instr::private_local(cx.m.shader, v) {
            // A ray query is `Private`, as glslang declares it: nothing reads it as memory
            // (only the ray-query instructions through its pointer), and no function is
            // active twice at once, so one per invocation serves every call.
            let pt = cx.m.pointer(super::spec::storage::PRIVATE, t);
            let id = cx.m.id();
            cx.m.globals
                .inst(op::VARIABLE, &[pt, id, super::spec::storage::PRIVATE]);
            if cx.m.version() >= (1, 4) {
                cx.m.interface.push(id);
            }
            cx.m.name(id, &v.name);
            cx.m.var_ids.insert(lv, id);
            continue;
        }
        let pt = cx.m.pointer(super::spec::storage::FUNCTION, t);
        let id = cx.m.id();
        match &v.init {
            Some(c) => {
                let c = cx.m.ir_constant(v.ty, false, c)?;
                cx.m.functions
                    .inst(op::VARIABLE, &[pt, id, super::spec::storage::FUNCTION, c]);
            }
            None => {
                cx.m.functions
                    .inst(op::VARIABLE, &[pt, id, super::spec::storage::FUNCTION])
            }
        }
        cx.m.name(id, &v.name);
        if cx.m.ref_ptrs.contains_key(&t) {
            // A PhysicalStorageBuffer pointer in a variable (as glslang declares them).
            cx.m.decorate(id, super::ext::decor::ALIASED_POINTER, &[]);
        }
        if let fresnel_ir::Type::Opaque(name) = cx.m.shader.types.get(v.ty) {
            if super::spirv_type::is_physical_pointer(name) {
                cx.m.decorate(id, super::ext::decor::ALIASED_POINTER, &[]);
            }
        }
        // (Issue 6, helper C) An array (of arrays) of such pointers needs it too:
        // spirv-val rejects `Node loc[3];` without it, and glslang declares it so.
        if array_of_ref_pointers(cx.m, v.ty) {
            cx.m.decorate(id, super::ext::decor::ALIASED_POINTER, &[]);
        }
        cx.m.var_ids.insert(lv, id);
    }
    // The body is written right after the head, in the module's functions (performance:
    // no buffer of its own to copy from; nothing else writes there meanwhile). About 4
    // words per IR instruction (performance: no regrowing on the way; `Module::build`
    // reserves for every function).
    cx.code = std::mem::take(&mut cx.m.functions);
    cx.code.words.reserve(f.instrs.len() * 4);
    let body = cx.code.words.len();
    for (var, p) in params {
        let Some(&ptr) = cx.m.var_ids.get(&var) else {
            return Err(SpirvError::new("parameter variable is not a local"));
        };
        // (A parameter holding a buffer reference is passed as a pointer, as the local
        // holds it: `Module::param_type`.)
        cx.code.inst(op::STORE, &[ptr, p]);
    }
    cx.emit_list(&f.body, ListRef::Body)?;
    let FuncCx { m, mut code, .. } = cx;
    debug_assert!(m.functions.words.is_empty());
    // Each pass rewrites the body only when it changes something (rare).
    let replace = |code: &mut Words, new: Vec<u32>| {
        code.words.truncate(body);
        code.words.extend_from_slice(&new);
    };
    if let Some(new) = extract_chain::fold(&code.words[body..]) {
        replace(&mut code, new);
    }
    let protected: [&[u32]; 2] = [&m.decorations.words, &m.names.words];
    let mut removed = Vec::new();
    if let Some((new, gone)) = sweep::remove_dead_ids(&code.words[body..], &protected, m.next_id) {
        replace(&mut code, new);
        removed = gone;
    }
    if let Some(new) = sweep::remove_unreferenced_blocks(&code.words[body..], &protected, m.next_id)
    {
        replace(&mut code, new);
    }
    // Their precision decorations go once all functions are written (`Module::build`).
    m.swept.extend(removed);
    code.inst(op::FUNCTION_END, &[]);
    m.functions = code;
    Ok(())
}

impl FuncCx<'_, '_> {
    pub fn label(&mut self, b: BlockId) -> u32 {
        if let Some(&l) = self.labels.get(&b) {
            return l;
        }
        let l = self.m.id();
        self.labels.insert(b, l);
        l
    }

    /// Starts a new SPIR-V block.
    pub fn start_block(&mut self, label: u32) {
        self.code.inst(op::LABEL, &[label]);
        self.cur = label;
        self.pure.clear();
    }

    fn loop_labels(&mut self, lp: LoopId) -> LoopLabels {
        if let Some(&l) = self.loops.get(&lp) {
            return l;
        }
        let header = self.m.id();
        let cont = self.m.id();
        let after = self
            .next_block_after(CfNode::Loop(lp))
            .expect("a loop is followed by a block");
        let merge = self.label(after);
        let l = LoopLabels {
            header,
            cont,
            merge,
            folded: false,
        };
        self.loops.insert(lp, l);
        l
    }

    fn next_block_after(&self, n: CfNode) -> Option<BlockId> {
        let l = self.f.parent_list(n)?;
        let list = self.f.list(l);
        let i = list.iter().position(|x| *x == n)?;
        match list.get(i + 1) {
            Some(CfNode::Block(b)) => Some(*b),
            _ => None,
        }
    }

    fn emit_list(&mut self, list: &[CfNode], parent: ListRef) -> Result<()> {
        for (i, &n) in list.iter().enumerate() {
            match n {
                CfNode::Block(b) => {
                    let is_entry = parent == ListRef::Body && i == 0;
                    if !is_entry {
                        let l = self.label(b);
                        self.start_block(l);
                    }
                    let loop_first = matches!(parent, ListRef::Loop(_)) && i == 0;
                    if !loop_first {
                        self.emit_phis(b)?;
                    }
                    self.emit_block_body(b)?;
                    self.emit_terminator(b, list.get(i + 1).copied(), parent)?;
                }
                CfNode::If(x) if self.switches.chains.contains_key(&x) => {
                    let ch = self.switches.chains[&x].clone();
                    let mut lists: Vec<ListRef> =
                        ch.levels.iter().map(|lv| ListRef::Then(lv.if_id)).collect();
                    lists.push(ch.default);
                    // (Performance: the lists are the function's, borrowed apart from `self`,
                    // never cloned.)
                    let f = self.f;
                    for l in lists {
                        if ch.direct == Some(f.first_block(l)) {
                            continue;
                        }
                        self.emit_list(f.list(l), l)?;
                    }
                }
                CfNode::If(x) => {
                    let f = self.f;
                    let node = &f.ifs[x];
                    let direct = self.direct_arm(x);
                    if direct != Some(f.first_block(ListRef::Then(x))) {
                        self.emit_list(&node.then_list, ListRef::Then(x))?;
                    }
                    if direct != Some(f.first_block(ListRef::Else(x))) {
                        self.emit_list(&node.else_list, ListRef::Else(x))?;
                    }
                }
                CfNode::Loop(lp) => self.emit_loop(lp)?,
            }
        }
        Ok(())
    }

    fn emit_loop(&mut self, lp: LoopId) -> Result<()> {
        let ll = self.loop_labels(lp);
        let f = self.f;
        let body = &f.loops[lp].body;
        let first = self.f.first_block(ListRef::Loop(lp));
        let entry_pred = match self.f.parent_list(CfNode::Loop(lp)) {
            Some(pl) => {
                let list = self.f.list(pl);
                let i = list.iter().position(|x| *x == CfNode::Loop(lp));
                match i.and_then(|i| i.checked_sub(1)).map(|i| list[i]) {
                    Some(CfNode::Block(b)) => b,
                    _ => return Err(SpirvError::new("a loop is not preceded by a block")),
                }
            }
            None => return Err(SpirvError::new("loop outside the tree")),
        };
        // Header: the phis of the first block.
        self.start_block(ll.header);
        let mut cphis = Vec::new();
        // Where each header phi's back-edge value is (patched when the continue block is
        // folded away).
        let mut back_at = Vec::new();
        let back_preds: Vec<BlockId> = self.f.blocks[first]
            .preds
            .iter()
            .copied()
            .filter(|p| *p != entry_pred)
            .collect();
        for &ins in &self.f.blocks[first].instrs {
            let InstrKind::Phi { dest, .. } = &self.f.instrs[ins].kind else {
                continue;
            };
            let t = self.phi_type(*dest);
            let id = self.m.id();
            let from_entry = self.phi_input(*dest, entry_pred)?;
            let entry_label = self.term_label(entry_pred)?;
            let back = if back_preds.is_empty() {
                self.m.undef(t)
            } else {
                let c = self.m.id();
                cphis.push((*dest, c));
                back_at.push(self.code.words.len() + 5);
                c
            };
            self.code
                .inst(op::PHI, &[t, id, from_entry, entry_label, back, ll.cont]);
            self.set_phi(*dest, id);
        }
        self.cont_phis.insert(lp, cphis);
        let mut self_loop = false;
        match self.header_form(first, body) {
            HeaderForm::Separate => {
                self.code.inst(op::LOOP_MERGE, &[ll.merge, ll.cont, 0]);
                let first_label = self.label(first);
                self.code.inst(op::BRANCH, &[first_label]);
                self.emit_list(body, ListRef::Loop(lp))?;
            }
            HeaderForm::Plain => {
                // The first block's code in the header, which then branches as it did.
                self.emit_block_body(first)?;
                for s in self.f.blocks[first].succs.into_iter().flatten() {
                    self.feed_phis(first, s)?;
                }
                self.term.insert(first, self.cur);
                self.code.inst(op::LOOP_MERGE, &[ll.merge, ll.cont, 0]);
                let target = match body.get(1) {
                    Some(CfNode::Loop(inner)) => self.loop_labels(*inner).header,
                    _ => ll.cont,
                };
                self.code.inst(op::BRANCH, &[target]);
                self.emit_list(&body[1..], ListRef::Loop(lp))?;
            }
            HeaderForm::ExitTest {
                x,
                stay,
                exit,
                exit_in_then,
            } => {
                // `if (c) {} else break;` (or `if (c) break;`) after the first block: the
                // header tests `c` itself, its conditional branch naming the loop's merge.
                self.emit_block_body(first)?;
                let after = self.next_block_after(CfNode::Loop(lp));
                if let Some(a) = after {
                    self.feed_phis(exit, a)?;
                }
                self.term.insert(first, self.cur);
                self.term.insert(exit, self.cur);
                self.term.insert(stay, self.cur);
                let cond = self.f.ifs[x].cond;
                let c = self.value_as(cond, Kind::new(BaseType::Bool, 1, 1))?;
                let m = self
                    .next_block_after(CfNode::If(x))
                    .ok_or_else(|| SpirvError::new("an if is not followed by a block"))?;
                // The rest of the body is one block, the only one going back to the header:
                // it is the continue target itself, as glslang writes `for` loops, instead
                // of branching to a continue block of its own (label, phis, branch).
                let single = body.len() == 3
                    && back_preds == [m]
                    && !self.labels.contains_key(&m)
                    && !self.block_splits(m);
                if single && self.f.blocks[m].instrs.is_empty() {
                    // Nothing after the exit test (`do { ... } while (c);`): the header is
                    // its own continue target, its conditional branch the back edge.
                    self.feed_phis(m, first)?;
                    self.term.insert(m, self.cur);
                    self_loop = true;
                    if let Some(l) = self.loops.get_mut(&lp) {
                        l.folded = true;
                    }
                    self.code.inst(op::LOOP_MERGE, &[ll.merge, ll.header, 0]);
                    let (t, e) = if exit_in_then {
                        (ll.merge, ll.header)
                    } else {
                        (ll.header, ll.merge)
                    };
                    self.code.inst(op::BRANCH_CONDITIONAL, &[c, t, e]);
                } else {
                    if single {
                        self.labels.insert(m, ll.cont);
                        if let Some(l) = self.loops.get_mut(&lp) {
                            l.folded = true;
                        }
                    }
                    let m = self.label(m);
                    self.code.inst(op::LOOP_MERGE, &[ll.merge, ll.cont, 0]);
                    let (t, e) = if exit_in_then {
                        (ll.merge, m)
                    } else {
                        (m, ll.merge)
                    };
                    self.code.inst(op::BRANCH_CONDITIONAL, &[c, t, e]);
                    self.emit_list(&body[2..], ListRef::Loop(lp))?;
                }
            }
        }
        let folded = self.loop_labels(lp).folded;
        if folded || back_preds.len() == 1 {
            // The body's last block was the continue target, or is the continue block's
            // only predecessor: the header phis take its values directly (they dominate
            // the continue block), and the continue block has no phis.
            let cphis = self.cont_phis.remove(&lp).unwrap_or_default();
            for ((phi, _), at) in cphis.into_iter().zip(back_at) {
                let v = match back_preds.first().and_then(|p| self.phi_in.get(&(phi, *p))) {
                    Some(&v) => v,
                    None => {
                        let t = self.phi_type(phi);
                        self.m.undef(t)
                    }
                };
                self.code.words[at] = v;
                if self_loop {
                    // The back edge comes from the header itself.
                    self.code.words[at + 1] = ll.header;
                }
            }
            if !folded {
                self.start_block(ll.cont);
                self.code.inst(op::BRANCH, &[ll.header]);
            }
            return Ok(());
        }
        // Continue block.
        self.start_block(ll.cont);
        let cphis = self.cont_phis.remove(&lp).unwrap_or_default();
        for (phi, cid) in cphis {
            let t = self.phi_type(phi);
            let mut ops = vec![t, cid];
            for &p in &back_preds {
                let v = match self.phi_in.get(&(phi, p)) {
                    Some(&v) => v,
                    None => self.m.undef(t),
                };
                let l = self.term_label(p)?;
                ops.push(v);
                ops.push(l);
            }
            self.code.inst(op::PHI, &ops);
        }
        self.code.inst(op::BRANCH, &[ll.header]);
        Ok(())
    }

    /// The arm of `if` `x` that is a single empty block, written as a branch straight to
    /// the merge (the `else` arm if both are).
    fn direct_arm(&self, x: fresnel_ir::IfId) -> Option<BlockId> {
        let empty = |l| super::switch::empty_list(self.f, l);
        empty(ListRef::Else(x)).or_else(|| empty(ListRef::Then(x)))
    }

    /// Whether writing block `b` may end its SPIR-V block early (a jump, a discard, ...) or
    /// leave code to a switch chain: such a block cannot share a loop header or be a
    /// loop's continue target.
    fn block_splits(&self, b: BlockId) -> bool {
        use fresnel_ir::Intrinsic as I;
        self.f.blocks[b].instrs.iter().any(|&i| {
            self.switches.skip.contains(&i)
                || match &self.f.instrs[i].kind {
                    InstrKind::Jump(_) => true,
                    InstrKind::Intrinsic(x) => {
                        matches!(
                            x.op,
                            I::Terminate
                                | I::TerminateIf
                                | I::IgnoreRayIntersection
                                | I::TerminateRay
                                | I::SetVertexAndPrimitiveCount
                                | I::LaunchMeshWorkgroups
                        ) || super::instr::is_abort(x)
                    }
                    _ => false,
                }
        })
    }

    /// How a loop's first block is written: in the header when nothing in it starts a
    /// block of its own and what follows it is no selection, or is the loop's exit test.
    fn header_form(&self, first: BlockId, body: &[CfNode]) -> HeaderForm {
        if self.block_splits(first) {
            return HeaderForm::Separate;
        }
        match body.get(1) {
            None | Some(CfNode::Loop(_)) => HeaderForm::Plain,
            Some(&CfNode::If(x)) if !self.switches.chains.contains_key(&x) => {
                let merge_has_phis = self.next_block_after(CfNode::If(x)).is_none_or(|m| {
                    self.f.blocks[m]
                        .instrs
                        .iter()
                        .any(|&i| self.f.instrs[i].kind.is_phi())
                });
                if merge_has_phis {
                    return HeaderForm::Separate;
                }
                // The arm that only breaks, and the empty one.
                let breaks = |l: ListRef| match self.f.list(l).as_slice() {
                    [CfNode::Block(b)]
                        if matches!(self.f.blocks[*b].instrs.as_slice(),
                            [i] if matches!(self.f.instrs[*i].kind, InstrKind::Jump(JumpKind::Break))) =>
                    {
                        Some(*b)
                    }
                    _ => None,
                };
                let empty = |l| super::switch::empty_list(self.f, l);
                let (then_l, else_l) = (ListRef::Then(x), ListRef::Else(x));
                match (empty(then_l), breaks(else_l), breaks(then_l), empty(else_l)) {
                    (Some(stay), Some(exit), _, _) => HeaderForm::ExitTest {
                        x,
                        stay,
                        exit,
                        exit_in_then: false,
                    },
                    (_, _, Some(exit), Some(stay)) => HeaderForm::ExitTest {
                        x,
                        stay,
                        exit,
                        exit_in_then: true,
                    },
                    _ => HeaderForm::Separate,
                }
            }
            _ => HeaderForm::Separate,
        }
    }

    fn term_label(&self, b: BlockId) -> Result<u32> {
        self.term
            .get(&b)
            .copied()
            .ok_or_else(|| SpirvError::new(format!("phi source from {b} before its block")))
    }

    /// The input of phi `phi` from predecessor `pred` (converted at the end of `pred`).
    fn phi_input(&mut self, phi: ValueId, pred: BlockId) -> Result<u32> {
        match self.phi_in.get(&(phi, pred)) {
            Some(&v) => Ok(v),
            None => {
                let t = self.phi_type(phi);
                Ok(self.m.undef(t))
            }
        }
    }

    /// The SPIR-V type of a phi: a buffer reference pointer (`refs.rs`) or its kind's.
    fn phi_type(&mut self, phi: ValueId) -> u32 {
        match self.ref_phis.get(&phi) {
            Some(&t) => t,
            None => {
                let k = self.kind_of(phi);
                self.m.kind_type(k)
            }
        }
    }

    /// Value `v` as an input of phi `phi`.
    fn phi_value_in(&mut self, phi: ValueId, v: ValueId) -> Result<u32> {
        match self.ref_phis.get(&phi) {
            Some(&t) => self.value_as_ref(v, t),
            None => {
                let k = self.kind_of(phi);
                self.value_as(v, k)
            }
        }
    }

    /// Records phi `phi` written as `id`.
    fn set_phi(&mut self, phi: ValueId, id: u32) {
        self.vals[phi.0 as usize] = match self.ref_phis.get(&phi) {
            Some(&t) => Val::Ref(id, t),
            None => Val::Id(id, self.kind_of(phi)),
        };
    }

    fn emit_phis(&mut self, b: BlockId) -> Result<()> {
        for &ins in &self.f.blocks[b].instrs {
            let InstrKind::Phi { dest, srcs } = &self.f.instrs[ins].kind else {
                continue;
            };
            let t = self.phi_type(*dest);
            let id = self.m.id();
            let mut ops = vec![t, id];
            let mut preds = Vec::new();
            for (p, _) in srcs {
                if self.switches.folded.contains_key(p) {
                    self.switches.effective_preds(self.f, *p, &mut preds);
                } else {
                    preds.push(*p);
                }
            }
            for p in &preds {
                if !self.term.contains_key(p) {
                    // A predecessor never written (unreachable code): skip it.
                    continue;
                }
                let v = self.phi_input(*dest, *p)?;
                ops.push(v);
                ops.push(self.term_label(*p)?);
            }
            if ops.len() == 2 {
                let u = self.m.undef(t);
                self.set_phi(*dest, u);
                continue;
            }
            self.code.inst(op::PHI, &ops);
            self.set_phi(*dest, id);
        }
        Ok(())
    }

    fn emit_block_body(&mut self, b: BlockId) -> Result<()> {
        self.ir_block = Some(b);
        let f = self.f;
        let instrs = &f.blocks[b].instrs;
        // (Issue 5 decorations.)
        let mut nu = super::decorate::NonUniform::new(f, self.any_non_uniform);
        let mut prev: Option<InstrId> = None;
        for &ins in instrs {
            // The swizzles of what the previous instruction made, read in other blocks too.
            if let Some(p) = prev.replace(ins) {
                self.write_hoisted(p)?;
            }
            let kind = &self.f.instrs[ins].kind;
            if kind.is_phi() || kind.is_jump() {
                continue;
            }
            // (Performance: one dense test; only what an analysis took is looked up.)
            if self.taken.contains(&ins) && self.emit_taken(ins, kind, &mut nu)? {
                continue;
            }
            let mark = super::decorate::Mark::take(self);
            self.emit_instr(kind)?;
            super::decorate::after_instr(self, &mut nu, kind, mark);
        }
        if let Some(p) = prev {
            self.write_hoisted(p)?;
        }
        Ok(())
    }

    /// Writes instruction `ins` (of kind `kind`) as the analysis that took it says, if one
    /// does: whether it is written (or skipped) so.
    fn emit_taken(
        &mut self,
        ins: InstrId,
        kind: &InstrKind,
        nu: &mut super::decorate::NonUniform<'_>,
    ) -> Result<bool> {
        if self.groups.skip.contains(&ins)
            || self.switches.skip.contains(&ins)
            || self.idioms.skip.contains(&ins)
        {
            return Ok(true);
        }
        if let Some(idiom) = self.idioms.at.get(&ins).cloned() {
            if let InstrKind::Alu(a) = kind {
                let mark = super::decorate::Mark::take(self);
                self.emit_idiom(a.dest, &idiom)?;
                super::decorate::after_instr(self, nu, kind, mark);
                return Ok(true);
            }
        }
        if let Some(g) = self.groups.load_at.get(&ins).cloned() {
            self.emit_load_group(&g)?;
            return Ok(true);
        }
        if let Some(g) = self.groups.store_at.get(&ins).cloned() {
            self.emit_store_group(ins, &g)?;
            return Ok(true);
        }
        if let Some((l, coef, dests)) = self.groups.scaled_reads.get(&ins).cloned() {
            self.emit_scaled_reads(l, coef, &dests)?;
            return Ok(true);
        }
        if let Some(mv) = self.groups.matvec_at.get(&ins).cloned() {
            self.emit_matvec(ins, &mv)?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Writes the swizzles `hoist.rs` chose of the values instruction `ins` made (those
    /// written as ids: a value left for its readers to make stays with them).
    /// (Performance: the test in line, for every instruction; most functions hoist nothing.)
    #[inline(always)]
    fn write_hoisted(&mut self, ins: InstrId) -> Result<()> {
        if self.hoisted.by_value.is_empty() {
            return Ok(());
        }
        self.write_hoisted_of(ins)
    }

    /// [`FuncCx::write_hoisted`] in a function that hoists swizzles.
    #[inline(never)]
    fn write_hoisted_of(&mut self, ins: InstrId) -> Result<()> {
        // (Performance: the results borrowed, no list made per instruction.)
        let f = self.f;
        for &d in super::decorate::dest_slice(&f.instrs[ins].kind) {
            let Some(sws) = self.hoisted.by_value.get(&d).cloned() else {
                continue;
            };
            let Val::Id(whole, k) = self.vals[d.0 as usize] else {
                continue;
            };
            for sw in sws {
                let sk = k.with_comps(sw.len() as u8);
                let t = self.m.kind_type(sk);
                let id = self.m.id();
                if sw.len() == 1 {
                    self.code
                        .inst(op::COMPOSITE_EXTRACT, &[t, id, whole, u32::from(sw[0])]);
                } else {
                    let mut ops = vec![t, id, whole, whole];
                    ops.extend(sw.iter().map(|&c| u32::from(c)));
                    self.code.inst(op::VECTOR_SHUFFLE, &ops);
                }
                self.hoisted.written.insert((d, sw), (id, sk));
            }
        }
        Ok(())
    }

    /// Converts the inputs of the phis of `succ` coming from `b`, at the end of `b`. When
    /// `succ` is a folded switch merge, the phis fed are those of the block it folds into,
    /// with the value that flows through the folded phis.
    fn feed_phis(&mut self, b: BlockId, succ: BlockId) -> Result<()> {
        if self.switches.folded.contains_key(&succ) {
            let path = self.switches.path(succ);
            let target = *path.last().expect("a path ends at its merge");
            for &ins in &self.f.blocks[target].instrs {
                let InstrKind::Phi { dest, .. } = &self.f.instrs[ins].kind else {
                    continue;
                };
                // Walk down: the source from path[k] of a phi in path[k + 1].
                let mut v = *dest;
                let mut through = true;
                for k in (0..path.len() - 1).rev() {
                    let Some(src) = self.phi_src(v, path[k]) else {
                        through = false;
                        break;
                    };
                    v = src;
                    if !self.is_phi_in(v, path[k]) {
                        through = false;
                        break;
                    }
                }
                if through {
                    match self.phi_src(v, b) {
                        Some(src) => v = src,
                        None => continue,
                    }
                }
                let id = self.phi_value_in(*dest, v)?;
                self.phi_in.insert((*dest, b), id);
            }
            return Ok(());
        }
        for &ins in &self.f.blocks[succ].instrs {
            let InstrKind::Phi { dest, srcs } = &self.f.instrs[ins].kind else {
                continue;
            };
            let Some(&(_, v)) = srcs.iter().find(|(p, _)| *p == b) else {
                continue;
            };
            let id = self.phi_value_in(*dest, v)?;
            self.phi_in.insert((*dest, b), id);
        }
        Ok(())
    }

    /// The source of phi `phi` from predecessor `pred`.
    fn phi_src(&self, phi: ValueId, pred: BlockId) -> Option<ValueId> {
        match &self.f.def(phi).kind {
            InstrKind::Phi { srcs, .. } => srcs.iter().find(|(p, _)| *p == pred).map(|s| s.1),
            _ => None,
        }
    }

    fn is_phi_in(&self, v: ValueId, b: BlockId) -> bool {
        let d = self.f.def(v);
        d.kind.is_phi() && d.block == b
    }

    /// Ends block `b`, the one before the chain `x`, with the chain's `OpSwitch`.
    fn emit_switch(&mut self, b: BlockId, x: fresnel_ir::IfId) -> Result<()> {
        let ch = self.switches.chains[&x].clone();
        for &h in &ch.hoisted {
            self.emit_block_body(h)?;
        }
        let merge = self.label(ch.merge);
        if let Some(d) = ch.direct {
            // The empty list's value flows from this block.
            self.term.insert(d, self.cur);
            if let Some(s) = self.f.blocks[d].succs[0] {
                self.feed_phis(d, s)?;
            }
        }
        let _ = b;
        let (sv, comp) = ch.sel;
        let want = match self.kind_of(sv).base {
            BaseType::Int => BaseType::Int,
            _ => BaseType::Uint,
        };
        let src = fresnel_ir::AluSrc {
            value: sv,
            swizzle: [comp; 4],
        };
        let (sel, _) = self.alu_src(&src, 1, Some(want))?;
        let target = |cx: &mut Self, l: ListRef| {
            let first = cx.f.first_block(l);
            if ch.direct == Some(first) {
                merge
            } else {
                cx.label(first)
            }
        };
        let default = target(self, ch.default);
        let mut ops = vec![sel, default];
        for lv in &ch.levels {
            let t = target(self, ListRef::Then(lv.if_id));
            for &lit in &lv.lits {
                ops.push(lit);
                ops.push(t);
            }
        }
        self.code.inst(op::SELECTION_MERGE, &[merge, 0]);
        self.code.inst(super::switch::OP_SWITCH, &ops);
        Ok(())
    }

    fn emit_terminator(&mut self, b: BlockId, next: Option<CfNode>, parent: ListRef) -> Result<()> {
        let jump = self.f.blocks[b]
            .instrs
            .last()
            .and_then(|&i| match self.f.instrs[i].kind {
                InstrKind::Jump(k) => Some(k),
                _ => None,
            });
        for s in self.f.blocks[b].succs.into_iter().flatten() {
            self.feed_phis(b, s)?;
        }
        self.term.insert(b, self.cur);
        if let Some(j) = jump {
            match j {
                JumpKind::Return => self.emit_return()?,
                JumpKind::Break | JumpKind::Continue => {
                    let lp = self
                        .f
                        .enclosing_loop(parent)
                        .ok_or_else(|| SpirvError::new("break or continue outside a loop"))?;
                    let ll = self.loop_labels(lp);
                    let target = if j == JumpKind::Break {
                        ll.merge
                    } else if ll.folded {
                        ll.header
                    } else {
                        ll.cont
                    };
                    self.code.inst(op::BRANCH, &[target]);
                }
            }
            return Ok(());
        }
        match next {
            Some(CfNode::If(x)) if self.switches.chains.contains_key(&x) => {
                self.emit_switch(b, x)?;
            }
            Some(CfNode::If(x)) => {
                let node = &self.f.ifs[x];
                let cond = node.cond;
                let then_first = self.f.first_block(ListRef::Then(x));
                let else_first = self.f.first_block(ListRef::Else(x));
                let after = self
                    .next_block_after(CfNode::If(x))
                    .ok_or_else(|| SpirvError::new("an if is not followed by a block"))?;
                let c = self.value_as(cond, Kind::new(BaseType::Bool, 1, 1))?;
                // The condition may have split the block (it never does: values are ready).
                let merge = self.label(after);
                // An arm that is one empty block: branch to the merge directly (its values
                // for the merge's phis flow from this block).
                let direct = self.direct_arm(x);
                if let Some(d) = direct {
                    self.feed_phis(d, after)?;
                    self.term.insert(d, self.cur);
                }
                let t = if direct == Some(then_first) {
                    merge
                } else {
                    self.label(then_first)
                };
                let e = if direct == Some(else_first) {
                    merge
                } else {
                    self.label(else_first)
                };
                self.code.inst(op::SELECTION_MERGE, &[merge, 0]);
                self.code.inst(op::BRANCH_CONDITIONAL, &[c, t, e]);
            }
            Some(CfNode::Loop(lp)) => {
                let ll = self.loop_labels(lp);
                self.code.inst(op::BRANCH, &[ll.header]);
            }
            Some(CfNode::Block(_)) => {
                return Err(SpirvError::new(
                    "two adjacent blocks in a control-flow list",
                ))
            }
            None => match parent {
                ListRef::Body => self.emit_return()?,
                ListRef::Then(x) | ListRef::Else(x) => {
                    let after = self
                        .next_block_after(CfNode::If(x))
                        .ok_or_else(|| SpirvError::new("an if is not followed by a block"))?;
                    let after = self.switches.resolve(after);
                    let l = self.label(after);
                    self.code.inst(op::BRANCH, &[l]);
                }
                ListRef::Loop(lp) => {
                    let ll = self.loop_labels(lp);
                    let target = if ll.folded { ll.header } else { ll.cont };
                    self.code.inst(op::BRANCH, &[target]);
                }
            },
        }
        Ok(())
    }

    fn emit_return(&mut self) -> Result<()> {
        if self.sig.outs.is_empty() {
            self.code.inst(op::RETURN, &[]);
            return Ok(());
        }
        // (Performance: the outputs read by index and the loads gathered in place: no
        // copies.)
        let mut parts: SmallVec<[u32; 8]> = SmallVec::new();
        for j in 0..self.sig.outs.len() {
            let (var, k) = self.sig.outs[j];
            let Some(&ptr) = self.m.var_ids.get(&var) else {
                return Err(SpirvError::new("result variable is not a local"));
            };
            // (A buffer reference result is returned as a pointer: `Module::param_type`.)
            let t = self.m.param_type(var, k)?;
            let id = self.m.id();
            self.code.inst(op::LOAD, &[t, id, ptr]);
            parts.push(id);
        }
        if parts.len() == 1 {
            self.code.inst(op::RETURN_VALUE, &[parts[0]]);
        } else {
            let id = self.m.id();
            self.code
                .inst_parts(op::COMPOSITE_CONSTRUCT, &[self.sig.ret_type, id], &parts);
            self.code.inst(op::RETURN_VALUE, &[id]);
        }
        Ok(())
    }

    /// The kind a value was inferred to have.
    pub fn kind_of(&self, v: ValueId) -> Kind {
        if let Some(k) = self.kinds[v.0 as usize] {
            return k;
        }
        let d = &self.f.values[v];
        Kind::new(BaseType::Uint, d.bit_size, d.num_components)
    }
}

/// (Issue 6, helper C) Whether `ty` is an array (of arrays) whose elements the writer
/// declares as PhysicalStorageBuffer pointers (`refs.rs` slot `Elem`).
pub(super) fn array_of_ref_pointers(m: &Module<'_>, ty: fresnel_ir::TypeId) -> bool {
    let mut at = ty;
    // Array nesting is bounded by the front end; the bound here only keeps the walk finite.
    for _ in 0..64 {
        let fresnel_ir::Type::Array { elem, .. } = m.shader.types.get(at) else {
            return false;
        };
        if m.ref_slots.contains_key(&super::refs::Slot::Elem(at)) {
            return true;
        }
        at = *elem;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::Val;

    #[test]
    fn a_value_is_small() {
        // One per SSA value of a function (performance: the constants' bits are not inline).
        assert!(std::mem::size_of::<Val>() <= 20);
    }
}
