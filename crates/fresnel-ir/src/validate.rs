//! The validator (after `nir_validate.c`): checks every structural invariant of the IR, and
//! is run by the tests after every transformation.
//!
//! Checked, per function:
//! - **tree shape**: every list starts and ends with a block, no two blocks are adjacent,
//!   each block/`if`/`loop` appears once and knows its parent list, the end block is outside
//!   the tree and empty, instructions know their block and are not marked removed;
//! - **jumps** are last in their block, `break`/`continue` only inside loops;
//! - **CFG**: the stored predecessors and successors equal a fresh rebuild from the tree;
//! - **SSA**: each value is defined once by the instruction its definition names, each read
//!   value is defined, and definitions dominate uses (a phi source must dominate the end of
//!   its predecessor; an `if` condition the end of the block before the `if`);
//! - **phis** come first in their block and have exactly one source per predecessor, of the
//!   phi's shape;
//! - **use lists** equal the uses recomputed from the instructions and `if` conditions;
//! - **ALU** operands: source count, bit sizes and component counts against the opcode table,
//!   swizzles within the source's components;
//! - **intrinsics**: source count and components against the intrinsic table, deref sources,
//!   result shape, indices the intrinsic accepts, write masks, `load_deref`/`store_deref`
//!   shapes against the deref's type, register accesses against their `decl_reg`;
//! - **derefs**: chains start at a variable of the same mode and type, array/struct steps
//!   match the parent's type, results are 32-bit scalars;
//! - **textures**, **constants**, **calls** (argument and result counts and shapes against
//!   the callee's parameters).
//!
//! The validator never panics, whatever the shader (it stops before the CFG checks when the
//! tree is malformed).

use std::fmt;

use rustc_hash::FxHashSet;

use crate::analysis::dom::DomTree;
use crate::entity::EntityId;
use crate::func::{CfNode, Function, ListRef, ParamDir};
use crate::instr::*;
use crate::intrinsic::{IndexKind, Intrinsic};
use crate::op::TypeClass;
use crate::print::Printer;
use crate::shader::{Shader, VarMode};
use crate::types::{BaseType, Type, TypeId};

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    /// The function's name (`None` for shader-level errors).
    pub function: Option<String>,
    pub block: Option<BlockId>,
    /// The offending instruction in the text form.
    pub instr: Option<String>,
    pub message: String,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(func) = &self.function {
            write!(f, "in {func}")?;
            if let Some(b) = self.block {
                write!(f, ", {b}")?;
            }
            f.write_str(": ")?;
        }
        f.write_str(&self.message)?;
        if let Some(i) = &self.instr {
            write!(f, "\n    {i}")?;
        }
        Ok(())
    }
}

/// Validates a shader: `Err` lists every broken rule found.
pub fn validate(shader: &Shader) -> Result<(), Vec<ValidationError>> {
    let mut v = Validator {
        shader,
        printer: Printer::new(shader),
        errors: Vec::new(),
        func: None,
        block: None,
        instr: None,
    };
    v.shader_level();
    for (fid, _) in shader.functions.iter() {
        v.function(fid);
    }
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(v.errors)
    }
}

struct Validator<'a> {
    shader: &'a Shader,
    printer: Printer<'a>,
    errors: Vec<ValidationError>,
    func: Option<FuncId>,
    block: Option<BlockId>,
    instr: Option<InstrId>,
}

const BIT_SIZES: [u8; 5] = [1, 8, 16, 32, 64];

impl<'a> Validator<'a> {
    fn error(&mut self, message: impl Into<String>) {
        let f = self.func.and_then(|f| self.shader.functions.get(f));
        let instr = match (f, self.instr) {
            (Some(f), Some(i)) => f.instrs.get(i).map(|ins| {
                let mut s = String::new();
                self.printer.instr(&mut s, f, &ins.kind);
                s
            }),
            _ => None,
        };
        self.errors.push(ValidationError {
            function: f.map(|f| f.name.clone()),
            block: self.block,
            instr,
            message: message.into(),
        });
    }

    fn type_ok(&self, t: TypeId) -> bool {
        t.index() < self.shader.types.len()
    }

    fn shader_level(&mut self) {
        let s = self.shader;
        if let Some(e) = s.entry {
            if e.index() >= s.functions.len() {
                self.error(format!("entry {e} is not a function"));
            }
        }
        self.declarations();
        for (id, v) in s.vars.iter() {
            if !self.type_ok(v.ty) {
                self.error(format!("variable {id} has an unknown type"));
                continue;
            }
            match (v.mode, v.function) {
                (VarMode::Function, None) => self.error(format!(
                    "function variable {id} ({}) has no function",
                    v.name
                )),
                (VarMode::Function, Some(f)) => match s.functions.get(f) {
                    None => self.error(format!("variable {id} belongs to unknown {f}")),
                    Some(func) if !func.locals.contains(&id) => self.error(format!(
                        "variable {id} ({}) is not listed in the locals of {}",
                        v.name, func.name
                    )),
                    _ => {}
                },
                (_, Some(_)) => self.error(format!(
                    "{} variable {id} ({}) belongs to a function",
                    v.mode.name(),
                    v.name
                )),
                (VarMode::PhysicalStorageBuffer, None) => self.error(format!(
                    "variable {id} ({}) has mode phys_ssbo, which only derefs of addresses have",
                    v.name
                )),
                (_, None) => {}
            }
        }
        self.decorations();
        for (fid, f) in s.functions.iter() {
            for p in f.params.iter().map(|p| p.var).chain(f.ret) {
                if !f.locals.contains(&p) {
                    self.error(format!(
                        "parameter or return variable {p} of {} is not one of its locals",
                        f.name
                    ));
                }
            }
            for l in &f.locals {
                match s.vars.get(*l) {
                    None => self.error(format!("{} lists unknown local {l}", f.name)),
                    Some(v) if v.function != Some(fid) || v.mode != VarMode::Function => self
                        .error(format!(
                            "{} lists {l} ({}) which is not its function variable",
                            f.name, v.name
                        )),
                    _ => {}
                }
            }
        }
    }

    /// A heap variable (GL_EXT_descriptor_heap): unbound; a heap array is an array of
    /// blocks or opaque objects of the matching mode; a structured heap block is a `ubo`
    /// struct; a member offset names a block variable.
    fn heap_decl(
        &mut self,
        id: VarId,
        v: &crate::shader::Variable,
        h: &crate::shader::Heap,
        inner: TypeId,
    ) {
        let s = self.shader;
        let what = format!("heap variable {id} ({})", v.name);
        if v.binding.is_some() || v.set.is_some() {
            self.error(format!("{what} has a binding or set"));
        }
        match &h.offset {
            None => {
                let array = matches!(s.types.get(v.ty), Type::Array { .. });
                let ok_mode = match s.types.get(inner) {
                    Type::Struct { block: true, .. } => {
                        matches!(v.mode, VarMode::Ubo | VarMode::Ssbo)
                    }
                    Type::Sampler { .. } | Type::Image { .. } | Type::Opaque(_) => {
                        v.mode == VarMode::Uniform
                    }
                    _ => false,
                };
                if !array || !ok_mode {
                    self.error(format!(
                        "{what} must be an array of blocks (ubo, ssbo) or of opaque objects (uniform)"
                    ));
                }
            }
            Some(off) => {
                if v.mode != VarMode::Ubo || !matches!(s.types.get(v.ty), Type::Struct { .. }) {
                    self.error(format!("structured {what} must be a ubo struct"));
                }
                if h.stride.is_some() {
                    self.error(format!("structured {what} has a descriptor stride"));
                }
                if let crate::shader::HeapOffset::Member { var, .. } = off {
                    match s.vars.get(*var) {
                        Some(b)
                            if matches!(
                                b.mode,
                                VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant
                            ) => {}
                        _ => self.error(format!(
                            "the offset of {what} is not read from a block variable"
                        )),
                    }
                }
            }
        }
    }

    /// Declaration decorations: block member lists match their block types, block packings
    /// are on blocks, specialization constants are scalars with distinct ids.
    fn decorations(&mut self) {
        let s = self.shader;
        for (id, v) in s.vars.iter() {
            if !self.type_ok(v.ty) {
                continue;
            }
            let mut t = v.ty;
            let mut depth = 0;
            while let Type::Array { elem, .. } = s.types.get(t) {
                if !self.type_ok(*elem) || depth > 64 {
                    break;
                }
                t = *elem;
                depth += 1;
            }
            if !v.members.is_empty() {
                match s.types.get(t) {
                    Type::Struct { fields, .. } if fields.len() == v.members.len() => {}
                    Type::Struct { fields, .. } => self.error(format!(
                        "variable {id} ({}) has {} member decorations for {} members",
                        v.name,
                        v.members.len(),
                        fields.len()
                    )),
                    _ => self.error(format!(
                        "variable {id} ({}) has member decorations but is not a block",
                        v.name
                    )),
                }
            }
            if let Some(h) = &v.heap {
                self.heap_decl(id, v, h, t);
            }
            if v.packing.is_some()
                && !matches!(v.mode, VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant)
            {
                self.error(format!(
                    "{} variable {id} ({}) has a block packing",
                    v.mode.name(),
                    v.name
                ));
            }
        }
        let mut ids: Vec<u32> = Vec::new();
        for c in &s.info.spec_constants {
            if ids.contains(&c.id) {
                self.error(format!("specialization constant id {} used twice", c.id));
            }
            ids.push(c.id);
            let scalar = self.type_ok(c.ty)
                && (s.types.value_shape(c.ty).is_some_and(|(_, n)| n == 1)
                    || crate::vendor::is_small_float_scalar(&s.types, c.ty))
                && matches!(&c.value, crate::shader::Constant::Vector(v) if v.len() == 1);
            if !scalar {
                self.error(format!(
                    "specialization constant {} is not a scalar constant",
                    c.name
                ));
            }
        }
    }

    fn function(&mut self, fid: FuncId) {
        self.func = Some(fid);
        self.block = None;
        self.instr = None;
        let f = &self.shader.functions[fid];
        if !self.tree(f) {
            return;
        }
        self.cfg(f);
        let Some(dom) = self.values(f) else { return };
        for b in f.blocks_in_order() {
            self.block = Some(b);
            for &i in &f.blocks[b].instrs {
                self.instr = Some(i);
                self.instr_rules(f, &dom, b, i);
            }
            self.instr = None;
        }
        self.block = None;
        self.uses(f);
        self.value_flags(f);
    }

    /// Tree shape. Returns whether the tree is sound enough to rebuild the CFG from.
    fn tree(&mut self, f: &Function) -> bool {
        let before = self.errors.len();
        let mut seen_blocks: FxHashSet<BlockId> = FxHashSet::default();
        let mut seen_ifs: FxHashSet<IfId> = FxHashSet::default();
        let mut seen_loops: FxHashSet<LoopId> = FxHashSet::default();
        let mut seen_instrs: FxHashSet<InstrId> = FxHashSet::default();
        let mut stack: Vec<(ListRef, bool, usize)> = vec![(ListRef::Body, false, 0)];
        while let Some((l, in_loop, depth)) = stack.pop() {
            if depth > 10_000 {
                self.error("control flow nested too deeply");
                return false;
            }
            let list = match l {
                ListRef::Body => &f.body,
                ListRef::Then(i) | ListRef::Else(i) => match f.ifs.get(i) {
                    Some(n) if matches!(l, ListRef::Then(_)) => &n.then_list,
                    Some(n) => &n.else_list,
                    None => {
                        self.error(format!("unknown if {i}"));
                        continue;
                    }
                },
                ListRef::Loop(lp) => match f.loops.get(lp) {
                    Some(n) => &n.body,
                    None => {
                        self.error(format!("unknown loop {lp}"));
                        continue;
                    }
                },
            };
            if !matches!(list.first(), Some(CfNode::Block(_))) {
                self.error(format!(
                    "control-flow list {l:?} does not start with a block"
                ));
            }
            if !matches!(list.last(), Some(CfNode::Block(_))) {
                self.error(format!("control-flow list {l:?} does not end with a block"));
            }
            let mut prev_block = false;
            for (k, &n) in list.iter().enumerate() {
                if k > 0 && !prev_block && !matches!(n, CfNode::Block(_)) {
                    self.error(format!("{n:?} does not follow a block"));
                }
                match n {
                    CfNode::Block(b) => {
                        if prev_block {
                            self.error(format!("block {b} follows another block"));
                        }
                        prev_block = true;
                        let Some(blk) = f.blocks.get(b) else {
                            self.error(format!("unknown block {b}"));
                            continue;
                        };
                        if !seen_blocks.insert(b) {
                            self.error(format!("block {b} appears twice in the tree"));
                            continue;
                        }
                        if b == f.end_block {
                            self.error("the end block is in the tree");
                        }
                        if blk.list != Some(l) {
                            self.error(format!(
                                "block {b} is in list {l:?} but records {:?}",
                                blk.list
                            ));
                        }
                        let n = blk.instrs.len();
                        for (k, &i) in blk.instrs.iter().enumerate() {
                            let Some(ins) = f.instrs.get(i) else {
                                self.error(format!("block {b} holds unknown instruction {i}"));
                                continue;
                            };
                            self.block = Some(b);
                            self.instr = Some(i);
                            if !seen_instrs.insert(i) {
                                self.error("instruction appears twice");
                            }
                            if ins.removed {
                                self.error("instruction marked removed is still in a block");
                            }
                            if ins.block != b {
                                self.error(format!("instruction records block {}", ins.block));
                            }
                            if let InstrKind::Jump(j) = ins.kind {
                                if k + 1 != n {
                                    self.error("a jump is not the last instruction of its block");
                                }
                                if !in_loop && j != JumpKind::Return {
                                    self.error(format!("'{}' outside a loop", j.name()));
                                }
                            }
                            self.instr = None;
                            self.block = None;
                        }
                    }
                    CfNode::If(i) => {
                        prev_block = false;
                        let Some(node) = f.ifs.get(i) else {
                            self.error(format!("unknown if {i}"));
                            continue;
                        };
                        if !seen_ifs.insert(i) {
                            self.error(format!("{i} appears twice in the tree"));
                            continue;
                        }
                        if node.parent != l {
                            self.error(format!(
                                "{i} records parent {:?}, is in {l:?}",
                                node.parent
                            ));
                        }
                        stack.push((ListRef::Else(i), in_loop, depth + 1));
                        stack.push((ListRef::Then(i), in_loop, depth + 1));
                    }
                    CfNode::Loop(lp) => {
                        prev_block = false;
                        let Some(node) = f.loops.get(lp) else {
                            self.error(format!("unknown loop {lp}"));
                            continue;
                        };
                        if !seen_loops.insert(lp) {
                            self.error(format!("{lp} appears twice in the tree"));
                            continue;
                        }
                        if node.parent != l {
                            self.error(format!(
                                "{lp} records parent {:?}, is in {l:?}",
                                node.parent
                            ));
                        }
                        stack.push((ListRef::Loop(lp), true, depth + 1));
                    }
                }
            }
        }
        match f.blocks.get(f.end_block) {
            None => self.error("the end block does not exist"),
            Some(end) => {
                if !end.instrs.is_empty() {
                    self.error("the end block holds instructions");
                }
                if end.list.is_some() {
                    self.error("the end block records a list");
                }
            }
        }
        self.errors.len() == before
    }

    /// Stored CFG against a rebuild.
    fn cfg(&mut self, f: &Function) {
        // (Computed from the tree without copying the function.)
        for (b, succs, preds) in f.tree_cfg() {
            let old = &f.blocks[b];
            if old.succs != succs {
                self.block = Some(b);
                self.error(format!(
                    "stored successors {:?} differ from the tree's {:?}",
                    old.succs.iter().flatten().collect::<Vec<_>>(),
                    succs.iter().flatten().collect::<Vec<_>>()
                ));
            }
            if old.preds != preds {
                self.block = Some(b);
                self.error(format!(
                    "stored predecessors {:?} differ from the tree's {:?}",
                    old.preds.as_slice(),
                    preds.as_slice()
                ));
            }
        }
        self.block = None;
    }

    /// Definitions: each value defined once, by the instruction it names; shapes sane.
    /// Returns the dominator tree when the definitions are consistent.
    fn values(&mut self, f: &Function) -> Option<DomTree> {
        let before = self.errors.len();
        let mut defined: Vec<bool> = vec![false; f.values.len()];
        for b in f.blocks_in_order() {
            for &i in &f.blocks[b].instrs {
                self.block = Some(b);
                self.instr = Some(i);
                for d in f.instrs[i].kind.dests() {
                    match f.values.get(d) {
                        None => self.error(format!("{d} is not in the value arena")),
                        Some(vd) => {
                            if defined[d.index()] {
                                self.error(format!("{d} is defined twice"));
                            }
                            defined[d.index()] = true;
                            if vd.def != i {
                                self.error(format!("{d} records definition {}", vd.def));
                            }
                            if !BIT_SIZES.contains(&vd.bit_size) {
                                self.error(format!("{d} has bit size {}", vd.bit_size));
                            }
                            if vd.num_components == 0 || vd.num_components > 16 {
                                self.error(format!("{d} has {} components", vd.num_components));
                            }
                        }
                    }
                }
                for s in f.instrs[i].kind.srcs() {
                    if s.index() >= f.values.len() {
                        self.error(format!("{s} is not in the value arena"));
                    }
                }
            }
        }
        self.block = None;
        self.instr = None;
        // Every read value must be defined by an instruction in the tree.
        for b in f.blocks_in_order() {
            for &i in &f.blocks[b].instrs {
                for s in f.instrs[i].kind.srcs() {
                    if s.index() < defined.len() && !defined[s.index()] {
                        self.block = Some(b);
                        self.instr = Some(i);
                        self.error(format!("{s} is read but not defined in the function"));
                    }
                }
            }
        }
        self.block = None;
        self.instr = None;
        let mut ifs = Vec::new();
        f.walk(&mut |n| {
            if let CfNode::If(i) = n {
                ifs.push(i);
            }
        });
        for i in ifs {
            let c = f.ifs[i].cond;
            if c.index() >= defined.len() || !defined[c.index()] {
                self.error(format!("the condition {c} of {i} is not defined"));
            } else {
                let v = &f.values[c];
                if v.bit_size != 1 || v.num_components != 1 {
                    self.error(format!("the condition {c} of {i} is not a 1-bit scalar"));
                }
            }
        }
        if self.errors.len() != before {
            return None;
        }
        let dom = DomTree::compute(f);
        // Dominance of definitions over uses.
        let mut pos: Vec<usize> = vec![0; f.instrs.len()];
        for b in f.blocks_in_order() {
            for (k, &i) in f.blocks[b].instrs.iter().enumerate() {
                pos[i.index()] = k;
            }
        }
        for b in f.blocks_in_order() {
            if !dom.is_reachable(b) {
                continue;
            }
            for &i in &f.blocks[b].instrs {
                self.block = Some(b);
                self.instr = Some(i);
                match &f.instrs[i].kind {
                    InstrKind::Phi { srcs, .. } => {
                        for (p, v) in srcs {
                            let db = f.instrs[f.values[*v].def].block;
                            if dom.is_reachable(*p) && !dom.dominates(db, *p) {
                                self.error(format!(
                                    "phi source {v} (defined in {db}) does not dominate the end of {p}"
                                ));
                            }
                        }
                    }
                    kind => {
                        for v in kind.srcs() {
                            let d = f.values[v].def;
                            let db = f.instrs[d].block;
                            let ok = if db == b {
                                pos[d.index()] < pos[i.index()]
                            } else {
                                dom.dominates(db, b)
                            };
                            if !ok {
                                self.error(format!(
                                    "{v} (defined in {db}) does not dominate this use"
                                ));
                            }
                        }
                    }
                }
            }
        }
        self.instr = None;
        self.block = None;
        // Each `if` with the block before it in its list (found by walking the lists: a
        // search of the list per `if` would make long lists quadratic).
        fn ifs_after_blocks(f: &Function, list: &[CfNode], out: &mut Vec<(IfId, BlockId)>) {
            let mut prev = None;
            for &n in list {
                match n {
                    CfNode::Block(b) => {
                        prev = Some(b);
                        continue;
                    }
                    CfNode::If(i) => {
                        if let Some(b) = prev {
                            out.push((i, b));
                        }
                        ifs_after_blocks(f, &f.ifs[i].then_list, out);
                        ifs_after_blocks(f, &f.ifs[i].else_list, out);
                    }
                    CfNode::Loop(l) => ifs_after_blocks(f, &f.loops[l].body, out),
                }
                prev = None;
            }
        }
        let mut ifs = Vec::new();
        ifs_after_blocks(f, &f.body, &mut ifs);
        for (i, prev) in ifs {
            let c = f.ifs[i].cond;
            {
                let db = f.instrs[f.values[c].def].block;
                if dom.is_reachable(prev) && !dom.dominates(db, prev) {
                    self.block = Some(prev);
                    self.error(format!("the condition {c} of {i} does not dominate the if"));
                }
            }
        }
        self.block = None;
        Some(dom)
    }

    fn shape(f: &Function, v: ValueId) -> (u8, u8) {
        let d = &f.values[v];
        (d.bit_size, d.num_components)
    }

    fn instr_rules(&mut self, f: &Function, _dom: &DomTree, b: BlockId, i: InstrId) {
        let kind = &f.instrs[i].kind;
        match kind {
            InstrKind::Phi { dest, srcs } => {
                if f.blocks[b].preds.is_empty() {
                    self.error("phi in a block without predecessors");
                }
                let k = f.blocks[b].instrs.iter().position(|x| *x == i).unwrap_or(0);
                if f.blocks[b].instrs[..k]
                    .iter()
                    .any(|x| !f.instrs[*x].kind.is_phi())
                {
                    self.error("phi after a non-phi instruction");
                }
                let preds = &f.blocks[b].preds;
                let mut seen: FxHashSet<BlockId> = FxHashSet::default();
                for (p, v) in srcs {
                    if !seen.insert(*p) {
                        self.error(format!("two phi sources for predecessor {p}"));
                    }
                    if !preds.contains(p) {
                        self.error(format!("phi source from {p}, which is not a predecessor"));
                    }
                    if Self::shape(f, *v) != Self::shape(f, *dest) {
                        self.error(format!("phi source {v} has a different shape"));
                    }
                }
                for p in preds {
                    if !seen.contains(p) {
                        self.error(format!("phi has no source for predecessor {p}"));
                    }
                }
            }
            InstrKind::Alu(a) => self.alu(f, a),
            InstrKind::Intrinsic(x) => self.intrinsic(f, x),
            InstrKind::Deref(d) => self.deref(f, d),
            InstrKind::Tex(t) => self.tex(f, t),
            InstrKind::LoadConst { dest, values } => {
                let (bits, n) = Self::shape(f, *dest);
                if values.len() != usize::from(n) {
                    self.error(format!("{} constants for {n} components", values.len()));
                }
                if bits < 64 && values.iter().any(|v| v >> bits != 0) {
                    self.error(format!("a constant does not fit in {bits} bits"));
                }
            }
            InstrKind::Undef { .. } | InstrKind::Jump(_) => {}
            InstrKind::Call { func, args, dests } => self.call(f, *func, args, dests),
        }
    }

    fn alu(&mut self, f: &Function, a: &Alu) {
        let info = a.op.info();
        let name = info.name;
        if a.srcs.len() != usize::from(info.num_srcs) {
            self.error(format!(
                "{name} takes {} sources, has {}",
                info.num_srcs,
                a.srcs.len()
            ));
            return;
        }
        let (dbits, dn) = Self::shape(f, a.dest);
        if dn > 4 {
            self.error(format!("{name} result has {dn} components"));
            return;
        }
        if info.dest_size != 0 && dn != info.dest_size {
            self.error(format!(
                "{name} result has {dn} components, the table says {}",
                info.dest_size
            ));
        }
        if let Some(fixed) = a.op.fixed_dest_bits() {
            if dbits != fixed {
                self.error(format!("{name} result is {dbits}-bit, must be {fixed}-bit"));
            }
        }
        self.class_bits(info.dest_class, dbits, || format!("{name} result"));
        let mut free_bits: Option<u8> = None;
        for (k, s) in a.srcs.iter().enumerate() {
            let (sbits, sn) = Self::shape(f, s.value);
            let reads = if info.src_size[k] == 0 {
                dn
            } else {
                info.src_size[k]
            };
            for c in &s.swizzle[..usize::from(reads.min(4))] {
                if *c >= sn {
                    self.error(format!(
                        "source {k} swizzle reads component {c} of the {sn}-component {}",
                        s.value
                    ));
                }
            }
            match a.op.fixed_src_bits(k) {
                Some(fixed) => {
                    if sbits != fixed {
                        self.error(format!(
                            "{name} source {k} is {sbits}-bit, must be {fixed}-bit"
                        ));
                    }
                }
                None => {
                    self.class_bits(info.src_class[k], sbits, || format!("{name} source {k}"));
                    match free_bits {
                        None => free_bits = Some(sbits),
                        Some(b) if b != sbits => self.error(format!(
                            "{name} sources have different bit sizes ({b} and {sbits})"
                        )),
                        _ => {}
                    }
                }
            }
        }
        if let Some(sb) = free_bits {
            if !info.conversion && a.op.fixed_dest_bits().is_none() && sb != dbits {
                self.error(format!(
                    "{name} result is {dbits}-bit but its sources are {sb}-bit"
                ));
            }
        }
    }

    /// (`what` names the operand; it is formatted only for an error.)
    fn class_bits(&mut self, class: TypeClass, bits: u8, what: impl FnOnce() -> String) {
        let ok = match class {
            TypeClass::Any => true,
            TypeClass::Float => matches!(bits, 16 | 32 | 64),
            TypeClass::Int | TypeClass::Uint => matches!(bits, 8 | 16 | 32 | 64),
            TypeClass::Bool => bits == 1,
        };
        if !ok {
            self.error(format!("{}: {bits}-bit values cannot be {class:?}", what()));
        }
    }

    fn deref_of(f: &Function, v: ValueId) -> Option<&Deref> {
        match &f.instrs[f.values[v].def].kind {
            InstrKind::Deref(d) => Some(d),
            _ => None,
        }
    }

    fn intrinsic(&mut self, f: &Function, x: &IntrinsicInstr) {
        let info = x.op.info();
        let name = info.name;
        // (Variadic intrinsics, `[-2]` in the table: the vendor operations, issue 4.)
        if let Some(e) = crate::vendor::check(f, x) {
            self.error(e);
        }
        for c in x.callees() {
            if usize::try_from(c).map_or(true, |c| c >= self.shader.functions.len()) {
                self.error(format!(
                    "{name}: callee {c} is not a function of the shader"
                ));
            }
        }
        if x.srcs.len() != info.srcs.len() && !info.is_variadic() {
            self.error(format!(
                "{name} takes {} sources, has {}",
                info.srcs.len(),
                x.srcs.len()
            ));
            return;
        }
        // The register operand of register accesses: a `decl_reg` result, whatever its
        // shape (the table's size for it describes a handle).
        let reg_src = match x.op {
            Intrinsic::LoadReg | Intrinsic::LoadRegIndirect => Some(0),
            Intrinsic::StoreReg | Intrinsic::StoreRegIndirect => Some(1),
            _ => None,
        };
        if let Some(k) = reg_src {
            let r = x.srcs[k];
            let is_decl = matches!(
                &f.instrs[f.values[r].def].kind,
                InstrKind::Intrinsic(d) if d.op == Intrinsic::DeclReg
            );
            if !is_decl {
                self.error(format!("{name} source {k} ({r}) must be a decl_reg result"));
            } else {
                let (rbits, rn) = Self::shape(f, r);
                let (vbits, vn) = match (x.op, x.dest) {
                    (Intrinsic::LoadReg | Intrinsic::LoadRegIndirect, Some(d)) => Self::shape(f, d),
                    _ => Self::shape(f, x.srcs[0]),
                };
                if vbits != rbits || vn != rn {
                    self.error(format!(
                        "{name} accesses {vbits}x{vn} of the {rbits}x{rn} register {r}"
                    ));
                }
            }
        }
        for (k, (&want, &v)) in info.srcs.iter().zip(&x.srcs).enumerate() {
            let (_, n) = Self::shape(f, v);
            if reg_src == Some(k) {
                continue;
            }
            match want {
                // Variadic: any deref or value.
                -2 => {}
                -1 => {
                    if Self::deref_of(f, v).is_none() {
                        self.error(format!("{name} source {k} ({v}) must be a deref"));
                    }
                }
                0 => {
                    if n != x.num_components {
                        self.error(format!(
                            "{name} source {k} has {n} components, the instruction {}",
                            x.num_components
                        ));
                    }
                }
                w => {
                    if i16::from(n) != i16::from(w) {
                        self.error(format!("{name} source {k} has {n} components, needs {w}"));
                    }
                }
            }
        }
        match (info.has_dest, x.dest) {
            (true, None) => self.error(format!("{name} needs a result")),
            (false, Some(_)) => self.error(format!("{name} has no result")),
            (true, Some(d)) => {
                let (_, n) = Self::shape(f, d);
                let want = if info.dest_components != 0 {
                    info.dest_components
                } else {
                    x.num_components
                };
                if n != want {
                    self.error(format!("{name} result has {n} components, needs {want}"));
                }
            }
            (false, None) => {}
        }
        for (k, v) in &x.indices {
            if !info.indices.contains(k) {
                self.error(format!("{name} has no index '{}'", k.name()));
            }
            if *k == IndexKind::WriteMask {
                let full = (1i64 << x.num_components.min(16)) - 1;
                if *v & !full != 0 || *v < 0 {
                    self.error(format!(
                        "write mask {v:#x} exceeds {} components",
                        x.num_components
                    ));
                }
            }
        }
        // Image and atomic-counter intrinsics act on derefs of those types.
        let want_kind = match x.op {
            Intrinsic::ImageDerefLoad
            | Intrinsic::ImageDerefStore
            | Intrinsic::ImageDerefAtomic
            | Intrinsic::ImageDerefAtomicSwap
            | Intrinsic::ImageDerefSize
            | Intrinsic::ImageDerefSamples => Some("image"),
            Intrinsic::AtomicCounterRead | Intrinsic::AtomicCounterOp => Some("atomic counter"),
            _ => None,
        };
        let first_deref = || x.srcs.first().and_then(|v| Self::deref_of(f, *v));
        if let Some((kind, d)) = want_kind.and_then(|k| first_deref().map(|d| (k, d))) {
            if self.type_ok(d.ty) {
                let ok = match self.shader.types.get(d.ty) {
                    Type::Image { .. } => kind == "image",
                    Type::AtomicCounter => kind == "atomic counter",
                    Type::Opaque(_) => true,
                    _ => false,
                };
                if !ok {
                    self.error(format!(
                        "{name} on a deref of type {}, not an {kind}",
                        self.shader.types.display(d.ty)
                    ));
                }
            }
        }
        match x.op {
            // Specialization constants (helper E, issue 5): the id names a declared
            // constant and the result has its shape.
            Intrinsic::LoadSpecConstant => {
                let id = x.index(IndexKind::Base);
                let sc = self
                    .shader
                    .info
                    .spec_constants
                    .iter()
                    .find(|c| Some(i64::from(c.id)) == id);
                match (sc, x.dest) {
                    (None, _) => self.error(format!(
                        "load_spec_constant of undeclared specialization constant id {}",
                        id.map_or_else(|| "(none)".to_string(), |v| v.to_string())
                    )),
                    (Some(c), Some(dest)) if self.type_ok(c.ty) => {
                        let want = self.shader.types.value_shape(c.ty);
                        if want != Some(Self::shape(f, dest)) {
                            self.error(format!(
                                "load_spec_constant result is {}x{}, constant {} is {}",
                                Self::shape(f, dest).0,
                                Self::shape(f, dest).1,
                                c.name,
                                self.shader.types.display(c.ty)
                            ));
                        }
                    }
                    _ => {}
                }
            }
            // Subgroup reductions and scans name their operation; a cluster size is a
            // power of two (0: the whole subgroup).
            Intrinsic::Reduce
            | Intrinsic::InclusiveScan
            | Intrinsic::ExclusiveScan
            | Intrinsic::PartitionedReduce
            | Intrinsic::PartitionedInclusiveScan
            | Intrinsic::PartitionedExclusiveScan => {
                match x.index(IndexKind::ReductionOp) {
                    None => self.error(format!("{name} without its reduction_op")),
                    Some(v) if crate::ReductionOp::from_index(v).is_none() => {
                        self.error(format!("{name} has an unknown reduction_op {v}"))
                    }
                    Some(_) => {}
                }
                if let Some(c) = x.index(IndexKind::ClusterSize) {
                    if !(0..=128).contains(&c) || (c != 0 && (c as u64).count_ones() != 1) {
                        self.error(format!(
                            "{name} cluster_size {c} is not a power of two up to 128"
                        ));
                    }
                }
            }
            Intrinsic::LoadWorkgroupSize => {
                if let Some(dest) = x.dest {
                    if Self::shape(f, dest) != (32, 3) {
                        self.error("load_workgroup_size result must be 32x3");
                    }
                }
            }
            Intrinsic::LoadDeref => {
                if let (Some(d), Some(dest)) = (Self::deref_of(f, x.srcs[0]), x.dest) {
                    if self.type_ok(d.ty) {
                        match self.shader.types.value_shape(d.ty) {
                            None => self.error("load_deref of a type that is not a vector"),
                            Some(shape) => {
                                if shape != Self::shape(f, dest) {
                                    self.error(format!(
                                        "load_deref result is {}x{}, the type holds {}x{}",
                                        Self::shape(f, dest).0,
                                        Self::shape(f, dest).1,
                                        shape.0,
                                        shape.1
                                    ));
                                }
                            }
                        }
                    }
                }
            }
            Intrinsic::StoreDeref => {
                if let Some(d) = Self::deref_of(f, x.srcs[0]) {
                    if self.type_ok(d.ty) {
                        match self.shader.types.value_shape(d.ty) {
                            None => self.error("store_deref to a type that is not a vector"),
                            Some(shape) => {
                                if shape != Self::shape(f, x.srcs[1]) {
                                    self.error(format!(
                                        "store_deref value is {}x{}, the type holds {}x{}",
                                        Self::shape(f, x.srcs[1]).0,
                                        Self::shape(f, x.srcs[1]).1,
                                        shape.0,
                                        shape.1
                                    ));
                                }
                            }
                        }
                    }
                    if d.mode == VarMode::ShaderIn || d.mode == VarMode::Uniform {
                        self.error(format!("store_deref to a {} variable", d.mode.name()));
                    }
                }
            }
            Intrinsic::CopyDeref => {
                if let (Some(a), Some(b)) =
                    (Self::deref_of(f, x.srcs[0]), Self::deref_of(f, x.srcs[1]))
                {
                    if a.ty != b.ty {
                        self.error("copy_deref between different types");
                    }
                }
            }
            _ => {}
        }
    }

    fn deref(&mut self, f: &Function, d: &Deref) {
        if Self::shape(f, d.dest) != (32, 1) {
            self.error("a deref's result must be a 32-bit scalar");
        }
        if !self.type_ok(d.ty) {
            self.error("deref of an unknown type");
            return;
        }
        let types = &self.shader.types;
        match d.kind {
            DerefKind::Var(v) => match self.shader.vars.get(v) {
                None => self.error(format!("deref of unknown variable {v}")),
                Some(var) => {
                    if !self.type_ok(var.ty) {
                        // Reported with the variable.
                    } else if var.ty != d.ty {
                        self.error(format!(
                            "deref_var type {} differs from {}'s type {}",
                            types.display(d.ty),
                            var.name,
                            types.display(var.ty)
                        ));
                    }
                    if var.mode != d.mode {
                        self.error(format!(
                            "deref_var mode {} differs from the variable's {}",
                            d.mode.name(),
                            var.mode.name()
                        ));
                    }
                    if var.mode == VarMode::Function
                        && var.function != self.func
                        && self.func.is_some()
                    {
                        self.error(format!("{} is a local of another function", var.name));
                    }
                }
            },
            DerefKind::Array { parent, index } => {
                let (_, n) = Self::shape(f, index);
                if n != 1 {
                    self.error("an array index must be a scalar");
                }
                let Some(p) = Self::deref_of(f, parent) else {
                    self.error(format!("deref parent {parent} is not a deref"));
                    return;
                };
                self.same_mode(p, d);
                if !self.type_ok(p.ty) {
                    return;
                }
                let ok = match types.get(p.ty) {
                    Type::Array { elem, .. } => *elem == d.ty,
                    Type::Matrix { bits, rows, .. } => {
                        *types.get(d.ty)
                            == Type::Vector {
                                base: BaseType::Float,
                                bits: *bits,
                                components: *rows,
                            }
                    }
                    Type::Vector {
                        base,
                        bits,
                        components,
                    } if *components > 1 => {
                        *types.get(d.ty)
                            == Type::Vector {
                                base: *base,
                                bits: *bits,
                                components: 1,
                            }
                    }
                    _ => {
                        self.error(format!("indexing a {}", types.display(p.ty)));
                        return;
                    }
                };
                if !ok {
                    self.error(format!(
                        "element type {} does not match the parent {}",
                        types.display(d.ty),
                        types.display(p.ty)
                    ));
                }
            }
            DerefKind::Struct { parent, field } => {
                let Some(p) = Self::deref_of(f, parent) else {
                    self.error(format!("deref parent {parent} is not a deref"));
                    return;
                };
                self.same_mode(p, d);
                if !self.type_ok(p.ty) {
                    return;
                }
                match types.get(p.ty) {
                    Type::Struct { fields, .. } => match fields.get(field as usize) {
                        None => self.error(format!("field {field} out of range")),
                        Some(fl) => {
                            if fl.ty != d.ty {
                                self.error(format!(
                                    "member type {} does not match the deref's {}",
                                    types.display(fl.ty),
                                    types.display(d.ty)
                                ));
                            }
                        }
                    },
                    _ => self.error(format!("member of a {}", types.display(p.ty))),
                }
            }
            DerefKind::Cast { parent } if d.mode == VarMode::PhysicalStorageBuffer => {
                // A buffer reference: the parent is the 64-bit address.
                if Self::deref_of(f, parent).is_some() || Self::shape(f, parent) != (64, 1) {
                    self.error(format!(
                        "the address {parent} of a phys_ssbo deref_cast must be a 64-bit scalar"
                    ));
                }
            }
            // An opaque object from a 64-bit handle (`accelerationStructureEXT(address)`,
            // bindless `sampler2D(handle)`).
            DerefKind::Cast { parent }
                if d.mode == VarMode::Uniform
                    && Self::deref_of(f, parent).is_none()
                    && matches!(
                        types.get(d.ty),
                        Type::Sampler { .. } | Type::Image { .. } | Type::Opaque(_)
                    ) =>
            {
                if Self::shape(f, parent) != (64, 1) {
                    self.error(format!(
                        "the handle {parent} of a uniform deref_cast must be a 64-bit scalar"
                    ));
                }
            }
            DerefKind::Cast { parent } => {
                if Self::deref_of(f, parent).is_none() {
                    self.error(format!("deref parent {parent} is not a deref"));
                }
            }
        }
    }

    fn same_mode(&mut self, p: &Deref, d: &Deref) {
        if p.mode != d.mode {
            self.error(format!(
                "deref mode {} differs from its parent's {}",
                d.mode.name(),
                p.mode.name()
            ));
        }
    }

    fn tex(&mut self, f: &Function, t: &Tex) {
        let mut seen = FxHashSet::default();
        for (k, v) in &t.srcs {
            if !seen.insert(*k) {
                self.error(format!("texture source '{}' given twice", k.name()));
            }
            let (_, n) = Self::shape(f, *v);
            match k {
                TexSrc::TextureDeref | TexSrc::SamplerDeref => match Self::deref_of(f, *v) {
                    None => {
                        self.error(format!("texture source '{}' must be a deref", k.name()));
                    }
                    Some(d) if *k == TexSrc::TextureDeref && self.type_ok(d.ty) => {
                        match self.shader.types.get(d.ty) {
                            Type::Sampler {
                                dim, array, shadow, ..
                            } => {
                                if *dim != t.dim || *array != t.is_array {
                                    self.error(format!(
                                        "texture instruction on {}{} disagrees with the {} texture",
                                        t.dim.name(),
                                        if t.is_array { " array" } else { "" },
                                        self.shader.types.display(d.ty)
                                    ));
                                }
                                let sampling = !matches!(
                                    t.op,
                                    TexOp::Txs
                                        | TexOp::QueryLevels
                                        | TexOp::Lod
                                        | TexOp::TextureSamples
                                );
                                // With a separate sampler (`sampler2DShadow(t, s)`) the
                                // combination, not the texture, says whether it compares.
                                let separate = t.src(TexSrc::SamplerDeref).is_some();
                                if sampling && *shadow != t.is_shadow && !separate {
                                    self.error(format!(
                                        "shadow flag disagrees with the {} texture",
                                        self.shader.types.display(d.ty)
                                    ));
                                }
                            }
                            Type::Image { .. } | Type::Opaque(_) => {}
                            _ => self.error(format!(
                                "texture source of type {}",
                                self.shader.types.display(d.ty)
                            )),
                        }
                    }
                    Some(d) if *k == TexSrc::SamplerDeref && self.type_ok(d.ty) => {
                        // A separate sampler: `sampler`/`samplerShadow` (no texel type).
                        if !matches!(
                            self.shader.types.get(d.ty),
                            Type::Sampler { result: None, .. } | Type::Opaque(_)
                        ) {
                            self.error(format!(
                                "sampler source of type {}",
                                self.shader.types.display(d.ty)
                            ));
                        }
                    }
                    Some(_) => {}
                },
                TexSrc::Coord => {
                    let want = t.dim.coord_components() + u8::from(t.is_array);
                    if n != want && !matches!(t.op, TexOp::Txs | TexOp::QueryLevels | TexOp::Lod) {
                        self.error(format!("coordinate has {n} components, needs {want}"));
                    }
                }
                TexSrc::Comparator | TexSrc::Bias | TexSrc::Lod | TexSrc::MinLod if n != 1 => {
                    self.error(format!("texture source '{}' must be a scalar", k.name()));
                }
                TexSrc::Offset | TexSrc::Ddx | TexSrc::Ddy if n != t.dim.coord_components() => {
                    self.error(format!(
                        "texture source '{}' has {n} components, needs {}",
                        k.name(),
                        t.dim.coord_components()
                    ));
                }
                _ => {}
            }
        }
        if !seen.contains(&TexSrc::TextureDeref) {
            self.error("texture instruction without a texture");
        }
        if t.is_shadow
            && !seen.contains(&TexSrc::Comparator)
            && !matches!(
                t.op,
                TexOp::Txs | TexOp::QueryLevels | TexOp::Lod | TexOp::TextureSamples
            )
        {
            self.error("shadow lookup without a comparator");
        }
        let (_, n) = Self::shape(f, t.dest);
        let want = match t.op {
            TexOp::Tex | TexOp::Txb | TexOp::Txl | TexOp::Txd | TexOp::Txf | TexOp::TxfMs => {
                Some(if t.is_shadow { 1 } else { 4 })
            }
            TexOp::Tg4 => Some(4),
            TexOp::Lod => Some(2),
            TexOp::QueryLevels | TexOp::TextureSamples => Some(1),
            TexOp::Txs => None,
        };
        // A sparse lookup adds the residency code as the last component.
        let want = match (want, t.is_sparse) {
            (Some(w), true)
                if !matches!(
                    t.op,
                    TexOp::Lod | TexOp::QueryLevels | TexOp::TextureSamples
                ) =>
            {
                Some(w + 1)
            }
            (_, true) => {
                self.error(format!("{} cannot be sparse", t.op.name()));
                None
            }
            (w, false) => w,
        };
        if let Some(w) = want {
            if n != w {
                self.error(format!(
                    "{} result has {n} components, needs {w}",
                    t.op.name()
                ));
            }
        }
        if matches!(
            t.op,
            TexOp::Tex | TexOp::Txb | TexOp::Txl | TexOp::Txd | TexOp::Txf | TexOp::TxfMs
        ) && !seen.contains(&TexSrc::Coord)
        {
            self.error(format!("{} without a coordinate", t.op.name()));
        }
    }

    fn call(&mut self, f: &Function, func: FuncId, args: &[ValueId], dests: &[ValueId]) {
        let Some(callee) = self.shader.functions.get(func) else {
            self.error(format!("call of unknown {func}"));
            return;
        };
        let ins: Vec<_> = callee
            .params
            .iter()
            .filter(|p| p.dir != ParamDir::Out)
            .map(|p| p.var)
            .collect();
        let outs: Vec<_> = callee
            .ret
            .into_iter()
            .chain(
                callee
                    .params
                    .iter()
                    .filter(|p| p.dir != ParamDir::In)
                    .map(|p| p.var),
            )
            .collect();
        if ins.len() != args.len() {
            self.error(format!(
                "{} takes {} arguments, the call passes {}",
                callee.name,
                ins.len(),
                args.len()
            ));
            return;
        }
        if outs.len() != dests.len() {
            self.error(format!(
                "{} gives {} results, the call has {}",
                callee.name,
                outs.len(),
                dests.len()
            ));
            return;
        }
        for (v, var) in args.iter().chain(dests).zip(ins.iter().chain(&outs)) {
            let Some(var) = self.shader.vars.get(*var) else {
                continue;
            };
            if !self.type_ok(var.ty) {
                continue;
            }
            if let Some(shape) = self.shader.types.value_shape(var.ty) {
                if shape != Self::shape(f, *v) {
                    self.error(format!(
                        "{v} does not have the shape of parameter {}",
                        var.name
                    ));
                }
            }
        }
    }

    /// Stored use lists against the uses recomputed from the instructions.
    fn uses(&mut self, f: &Function) {
        // (value, use) pairs, recomputed and stored, each sorted once: two allocations for
        // the whole function rather than two per value.
        let mut want: Vec<(u32, Use)> = Vec::new();
        for b in f.blocks_in_order() {
            for &i in &f.blocks[b].instrs {
                for (k, v) in f.instrs[i].kind.srcs().iter().enumerate() {
                    want.push((
                        v.index() as u32,
                        Use::Instr {
                            instr: i,
                            src: k as u16,
                        },
                    ));
                }
            }
        }
        f.walk(&mut |n| {
            if let CfNode::If(i) = n {
                let c = f.ifs[i].cond.index();
                if c < f.values.len() {
                    want.push((c as u32, Use::IfCond(i)));
                }
            }
        });
        let mut have: Vec<(u32, Use)> = Vec::with_capacity(want.len());
        for (v, vd) in f.values.iter() {
            have.extend(vd.uses.iter().map(|u| (v.index() as u32, *u)));
        }
        want.sort_unstable();
        have.sort_unstable();
        if want == have {
            return;
        }
        // Report each value whose lists differ.
        let group = |l: &[(u32, Use)], v: u32| -> Vec<Use> {
            let a = l.partition_point(|x| x.0 < v);
            let b = l.partition_point(|x| x.0 <= v);
            l[a..b].iter().map(|x| x.1).collect()
        };
        let mut values: Vec<u32> = want.iter().chain(&have).map(|x| x.0).collect();
        values.dedup();
        values.sort_unstable();
        values.dedup();
        for v in values {
            let (h, w) = (group(&have, v), group(&want, v));
            if h != w {
                let v = ValueId(v);
                self.error(format!(
                    "use list of {v} is {h:?}, the instructions give {w:?}"
                ));
            }
        }
    }
}

// Added for issue 5 (decorations): value flags.
impl Validator<'_> {
    /// Flags name values of this function; `relaxed` is not for booleans.
    fn value_flags(&mut self, f: &Function) {
        for (&v, fl) in &f.value_flags {
            let Some(d) = f.values.get(v) else {
                self.error(format!(
                    "flags on {v}, which is not a value of this function"
                ));
                continue;
            };
            if fl.relaxed && d.bit_size == 1 {
                self.error(format!("{v} is a boolean and cannot be marked relaxed"));
            }
        }
    }
}

// Added for linking units (issue 4): function declarations.
impl Validator<'_> {
    /// A declaration ([`Function::external`]) is not the entry point and has no body (one
    /// empty block). Calls of it are checked like calls of definitions.
    fn declarations(&mut self) {
        let s = self.shader;
        for (fid, f) in s.functions.iter() {
            if !f.external {
                continue;
            }
            if s.entry == Some(fid) {
                self.error(format!(
                    "entry {fid} ({}) is a declaration without a body",
                    f.name
                ));
            }
            let empty = matches!(f.body.as_slice(), [crate::func::CfNode::Block(b)]
                if f.blocks.get(*b).is_some_and(|b| b.instrs.is_empty()));
            if !empty || f.instrs.iter().any(|(_, i)| !i.removed) {
                self.error(format!("declaration {fid} ({}) has a body", f.name));
            }
        }
    }
}
