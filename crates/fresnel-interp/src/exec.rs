//! The SIMT executor: runs one function over a group of invocations in lockstep, with a
//! per-invocation active mask through structured control flow.

// Lane loops index several parallel per-lane arrays (masks, values, pointers).
#![allow(clippy::needless_range_loop)]

use fresnel_ir::{
    AluOp, AtomicOp, BlockId, CfNode, DerefKind, FuncId, Function, IndexKind, InstrId, InstrKind,
    Intrinsic, JumpKind, ParamDir, ReductionOp, Shader, Type, TypeId, ValueId, VarId, VarMode,
};
use rustc_hash::FxHashMap;

use crate::alu::{self, fget, fput, mask, sext};
use crate::layout::{self, leaf_of, matrix_strides, Leaf, MatLayout};
use crate::tex::{self, TextureSet};
use crate::{Error, Limits};

/// How a deref computes its pointer from its parent.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Step {
    Var,
    Add(u32),
    Index { stride: u32, len: u32 },
    Same,
}

/// Static facts of a deref instruction.
#[derive(Copy, Clone, Debug)]
pub(crate) struct DInfo {
    pub var: VarId,
    pub step: Step,
    pub ty: TypeId,
    pub byte: bool,
    /// Distance between vector components (slots or bytes).
    pub comp_stride: u32,
    pub mat: MatLayout,
}

/// Per-function facts computed once.
pub(crate) struct FuncInfo {
    /// First component of each value in the register file.
    pub voff: Vec<u32>,
    pub total: usize,
    /// Deref facts by instruction.
    pub dinfo: Vec<Option<DInfo>>,
}

/// A pointer: variable index in the high half, slot or byte offset in the low half.
pub(crate) const INVALID: u32 = u32::MAX;

#[inline]
fn ptr(var: u32, off: u32) -> u64 {
    (u64::from(var) << 32) | u64::from(off)
}

#[inline]
fn ptr_parts(p: u64) -> (usize, u32) {
    ((p >> 32) as usize, p as u32)
}

/// Memory of one variable.
#[derive(Clone, Debug)]
pub(crate) enum Region {
    None,
    /// One slot per scalar; `per_lane`: a copy for each invocation of the group.
    Slots {
        per_lane: bool,
        size: usize,
        data: Vec<u64>,
    },
    Bytes(Vec<u8>),
}

/// A vertex emitted by a geometry shader: the outputs at `EmitVertex`.
#[derive(Clone, Debug, Default)]
pub struct Emitted {
    pub stream: i64,
    /// Slots of every output variable (by variable index), or an end-of-primitive marker.
    pub outputs: Vec<(VarId, Vec<u64>)>,
    pub end_primitive: bool,
}

pub(crate) struct Frame {
    vals: Vec<u64>,
    prev: Vec<BlockId>,
    params: Vec<Option<Vec<u64>>>,
    regs: FxHashMap<ValueId, (usize, usize, Vec<u64>)>,
}

struct LoopState {
    brk: Vec<bool>,
    cont: Vec<bool>,
}

/// Executes a shader's functions over a group of invocations.
pub(crate) struct Machine<'a> {
    pub sh: &'a Shader,
    pub funcs: &'a [FuncInfo],
    pub limits: &'a Limits,
    pub textures: TextureSet,
    /// Lanes in the group.
    pub n: usize,
    pub mem: Vec<Region>,
    /// Terminated lanes.
    pub dead: Vec<bool>,
    /// Helper lanes (not real invocations, or demoted).
    pub helper: Vec<bool>,
    /// Demoted lanes (discarded at the end, but running until then).
    pub demoted: Vec<bool>,
    /// Lanes are 2x2 fragment quads.
    pub quads: bool,
    pub executed: u64,
    pub memory_used: usize,
    active_funcs: Vec<bool>,
    depth: usize,
    pub emitted: Vec<Vec<Emitted>>,
    /// Reused storage for the phis of a block.
    phi_buf: Vec<(ValueId, usize, usize, u64)>,
    /// The value of each specialization constant: (constant_id, bits), the defaults of
    /// `ShaderInfo::spec_constants` unless `Interp::set_spec_constant` replaced them.
    pub spec: Vec<(u32, u64)>,
    /// The workgroup size (`ShaderInfo::local_size`, specialized through
    /// `local_size_id`).
    pub local_size: [u32; 3],
}

fn any(m: &[bool]) -> bool {
    m.iter().any(|&b| b)
}

impl FuncInfo {
    pub fn new(sh: &Shader, f: &Function) -> Result<FuncInfo, Error> {
        check_function(sh, f)?;
        let mut voff = Vec::with_capacity(f.values.len());
        let mut total: usize = 0;
        for (_, v) in f.values.iter() {
            voff.push(total as u32);
            total += usize::from(v.num_components.max(1));
            if total > u32::MAX as usize / 2 {
                return Err(Error::Limit("too many values in a function".into()));
            }
        }
        let mut dinfo: Vec<Option<DInfo>> = vec![None; f.instrs.len()];
        for (id, ins) in f.instrs.iter() {
            if ins.removed {
                continue;
            }
            if let InstrKind::Deref(_) = ins.kind {
                compute_dinfo(sh, f, id, &mut dinfo, 0)?;
            }
        }
        Ok(FuncInfo { voff, total, dinfo })
    }
}

fn compute_dinfo(
    sh: &Shader,
    f: &Function,
    id: InstrId,
    memo: &mut Vec<Option<DInfo>>,
    depth: usize,
) -> Result<DInfo, Error> {
    if let Some(d) = memo[id.0 as usize] {
        return Ok(d);
    }
    if depth > 256 {
        return Err(Error::Invalid("deref chain too deep".into()));
    }
    let InstrKind::Deref(d) = &f.instrs[id].kind else {
        return Err(Error::Invalid(format!(
            "{id} is used as a deref but is not one"
        )));
    };
    let types = &sh.types;
    let parent_info = |memo: &mut Vec<Option<DInfo>>, p: ValueId| -> Result<DInfo, Error> {
        let pid = f.values[p].def;
        compute_dinfo(sh, f, pid, memo, depth + 1)
    };
    let vec_stride = |byte: bool, ty: TypeId| -> u32 {
        if byte {
            leaf_of(types, ty).map_or(4, Leaf::size)
        } else {
            1
        }
    };
    let info = match d.kind {
        DerefKind::Var(v) => {
            let var = &sh.vars[v];
            let byte = matches!(
                var.mode,
                VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant
            );
            DInfo {
                var: v,
                step: Step::Var,
                ty: d.ty,
                byte,
                comp_stride: vec_stride(byte, d.ty),
                mat: MatLayout::default(),
            }
        }
        DerefKind::Array { parent, .. } => {
            let p = parent_info(memo, parent)?;
            let (step, comp_stride) = match types.get(p.ty) {
                Type::Array { elem, len, stride } => {
                    let s = if p.byte {
                        if *stride > 0 {
                            *stride
                        } else {
                            layout::natural_size(types, *elem)
                        }
                    } else {
                        layout::slots(types, *elem) as u32
                    };
                    (
                        Step::Index {
                            stride: s,
                            len: *len,
                        },
                        vec_stride(p.byte, d.ty),
                    )
                }
                Type::Matrix {
                    bits,
                    columns,
                    rows,
                } => {
                    if p.byte {
                        let (cs, rs) = matrix_strides(p.mat, u32::from(*bits / 8), *columns, *rows);
                        (
                            Step::Index {
                                stride: cs,
                                len: u32::from(*columns),
                            },
                            rs,
                        )
                    } else {
                        (
                            Step::Index {
                                stride: u32::from(*rows),
                                len: u32::from(*columns),
                            },
                            1,
                        )
                    }
                }
                Type::Vector { components, .. } => (
                    Step::Index {
                        stride: p.comp_stride,
                        len: u32::from(*components),
                    },
                    p.comp_stride,
                ),
                _ => {
                    return Err(Error::Invalid(format!(
                        "{id}: array deref of a non-indexable type"
                    )))
                }
            };
            DInfo {
                var: p.var,
                step,
                ty: d.ty,
                byte: p.byte,
                comp_stride,
                mat: p.mat,
            }
        }
        DerefKind::Struct { parent, field } => {
            let p = parent_info(memo, parent)?;
            let Type::Struct { fields, .. } = types.get(p.ty) else {
                return Err(Error::Invalid(format!(
                    "{id}: struct deref of a non-struct type"
                )));
            };
            let Some(fd) = fields.get(field as usize) else {
                return Err(Error::Invalid(format!("{id}: no field {field}")));
            };
            let off = if p.byte {
                let mut end = 0u32;
                let mut off = 0;
                for (i, x) in fields.iter().enumerate() {
                    let o = x.offset.unwrap_or(end);
                    if i == field as usize {
                        off = o;
                        break;
                    }
                    end = o.saturating_add(layout::natural_size(types, x.ty));
                }
                off
            } else {
                fields[..field as usize]
                    .iter()
                    .map(|x| layout::slots(types, x.ty) as u32)
                    .fold(0u32, u32::saturating_add)
            };
            DInfo {
                var: p.var,
                step: Step::Add(off),
                ty: d.ty,
                byte: p.byte,
                comp_stride: vec_stride(p.byte, d.ty),
                mat: MatLayout {
                    row_major: fd.row_major,
                    stride: fd.matrix_stride.unwrap_or(0),
                },
            }
        }
        // Buffer references (GL_EXT_buffer_reference) and objects from 64-bit handles
        // (`accelerationStructureEXT(address)`): no memory by address here.
        DerefKind::Cast { parent }
            if d.mode == VarMode::PhysicalStorageBuffer
                || !matches!(f.instrs[f.values[parent].def].kind, InstrKind::Deref(_)) =>
        {
            return Err(Error::Unsupported(
                "buffer references and handles are not executed".into(),
            ));
        }
        DerefKind::Cast { parent } => {
            let p = parent_info(memo, parent)?;
            DInfo {
                step: Step::Same,
                ty: d.ty,
                ..p
            }
        }
    };
    memo[id.0 as usize] = Some(info);
    Ok(info)
}

/// Deepest `if`/`loop` nesting run (the executor recurses once per level).
const MAX_NESTING: usize = 512;

/// Checks every index an executed function holds, so the executor may index freely.
fn check_function(sh: &Shader, f: &Function) -> Result<(), Error> {
    let bad = |what: &str| Err(Error::Invalid(format!("function `{}`: {what}", f.name)));
    let nv = f.values.len();
    let nt = sh.types.len();
    for (_, v) in f.values.iter() {
        if v.num_components == 0
            || v.def.0 as usize >= f.instrs.len()
            || !matches!(v.bit_size, 1 | 8 | 16 | 32 | 64)
        {
            return bad("malformed value (bit size must be 1, 8, 16, 32 or 64)");
        }
    }
    let mut lists: Vec<(&[CfNode], usize)> = vec![(&f.body, 0)];
    let mut seen_blocks = 0usize;
    while let Some((l, depth)) = lists.pop() {
        if depth > MAX_NESTING {
            return bad(&format!(
                "control flow nested deeper than {MAX_NESTING} (the interpreter's limit)"
            ));
        }
        if l.is_empty() || !matches!(l[0], CfNode::Block(_)) {
            return bad("a control-flow list does not start with a block");
        }
        for n in l {
            match *n {
                CfNode::Block(b) => {
                    seen_blocks += 1;
                    if seen_blocks > f.blocks.len() {
                        return bad("a block appears twice in the tree");
                    }
                    let Some(blk) = f.blocks.get(b) else {
                        return bad("unknown block");
                    };
                    for &i in &blk.instrs {
                        let Some(ins) = f.instrs.get(i) else {
                            return bad("unknown instruction");
                        };
                        for s in ins.kind.srcs() {
                            if s.0 as usize >= nv {
                                return bad("unknown value");
                            }
                        }
                        for d in ins.kind.dests() {
                            if d.0 as usize >= nv {
                                return bad("unknown value");
                            }
                        }
                        match &ins.kind {
                            InstrKind::Deref(d) => {
                                if d.ty.0 as usize >= nt {
                                    return bad("unknown type");
                                }
                                if let DerefKind::Var(v) = d.kind {
                                    if v.0 as usize >= sh.vars.len() {
                                        return bad("unknown variable");
                                    }
                                }
                            }
                            InstrKind::Call { func, .. }
                                if func.0 as usize >= sh.functions.len() =>
                            {
                                return bad("unknown function");
                            }
                            InstrKind::Phi { srcs, .. } => {
                                for (pb, _) in srcs {
                                    if pb.0 as usize >= f.blocks.len() {
                                        return bad("unknown block");
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                }
                CfNode::If(i) => {
                    let Some(node) = f.ifs.get(i) else {
                        return bad("unknown if");
                    };
                    if node.cond.0 as usize >= nv {
                        return bad("unknown value");
                    }
                    lists.push((&node.then_list, depth + 1));
                    lists.push((&node.else_list, depth + 1));
                }
                CfNode::Loop(lp) => {
                    let Some(node) = f.loops.get(lp) else {
                        return bad("unknown loop");
                    };
                    lists.push((&node.body, depth + 1));
                }
            }
        }
    }
    for p in &f.params {
        if p.var.0 as usize >= sh.vars.len() {
            return bad("unknown parameter variable");
        }
    }
    if let Some(r) = f.ret {
        if r.0 as usize >= sh.vars.len() {
            return bad("unknown return variable");
        }
    }
    for l in &f.locals {
        if l.0 as usize >= sh.vars.len() {
            return bad("unknown local variable");
        }
    }
    Ok(())
}

/// Whether each lane of a group has its own copy of a variable of this mode in a shader of
/// this stage. The outputs of a tessellation control shader belong to the patch: its
/// invocations (one group) share them, so one invocation reads what another wrote.
pub(crate) fn per_lane(stage: fresnel_ir::Stage, mode: VarMode) -> bool {
    match mode {
        VarMode::ShaderOut => stage != fresnel_ir::Stage::TessControl,
        VarMode::ShaderIn | VarMode::Global | VarMode::Function => true,
        _ => false,
    }
}

impl<'a> Machine<'a> {
    pub fn new(
        sh: &'a Shader,
        funcs: &'a [FuncInfo],
        limits: &'a Limits,
        textures: TextureSet,
        n: usize,
    ) -> Machine<'a> {
        Machine {
            sh,
            funcs,
            limits,
            textures,
            n,
            mem: vec![Region::None; sh.vars.len()],
            dead: vec![false; n],
            helper: vec![false; n],
            demoted: vec![false; n],
            quads: false,
            executed: 0,
            memory_used: 0,
            active_funcs: vec![false; sh.functions.len()],
            depth: 0,
            emitted: vec![Vec::new(); n],
            phi_buf: Vec::new(),
            spec: crate::spec_defaults(sh),
            local_size: sh.info.local_size.map(|x| x.max(1)),
        }
    }

    /// Applies specialization constant values (constant_id, bits) over the defaults, and
    /// the workgroup size they give (helper E, issue 5).
    pub fn specialize(&mut self, overrides: &[(u32, u64)], local_size: [u32; 3]) {
        for (id, v) in overrides {
            if let Some(e) = self.spec.iter_mut().find(|(k, _)| k == id) {
                e.1 = *v;
            }
        }
        self.local_size = local_size;
    }

    /// Accounts for `bytes` more memory.
    pub fn charge(&mut self, bytes: usize) -> Result<(), Error> {
        self.memory_used = self.memory_used.saturating_add(bytes);
        if self.memory_used > self.limits.max_memory {
            return Err(Error::Limit(format!(
                "execution limit reached: more than {} bytes of interpreter memory",
                self.limits.max_memory
            )));
        }
        Ok(())
    }

    /// (Re)creates the slot region of a variable, zeroed.
    pub fn alloc_slots(&mut self, v: VarId) -> Result<(), Error> {
        let var = &self.sh.vars[v];
        let size = layout::slots(&self.sh.types, var.ty);
        let pl = per_lane(self.sh.stage, var.mode);
        let total = if pl {
            size.saturating_mul(self.n)
        } else {
            size
        };
        if let Region::Slots { data, per_lane, .. } = &mut self.mem[v.0 as usize] {
            if data.len() == total && *per_lane == pl {
                data.iter_mut().for_each(|x| *x = 0);
                return Ok(());
            }
        }
        self.charge(total.saturating_mul(8))?;
        self.mem[v.0 as usize] = Region::Slots {
            per_lane: pl,
            size,
            data: vec![0; total],
        };
        Ok(())
    }

    // ---- memory access ----

    /// Reads the raw slot or the bytes of a scalar.
    fn read_scalar(&self, lane: usize, var: usize, off: u32, leaf: Leaf) -> u64 {
        if off == INVALID {
            return 0;
        }
        match self.mem.get(var) {
            Some(Region::Slots {
                per_lane,
                size,
                data,
            }) => {
                let off = off as usize;
                if off >= *size {
                    return 0;
                }
                let base = if *per_lane { lane * size } else { 0 };
                data.get(base + off).copied().unwrap_or(0)
            }
            Some(Region::Bytes(b)) => read_bytes(b, off, leaf),
            _ => 0,
        }
    }

    fn write_scalar(&mut self, lane: usize, var: usize, off: u32, leaf: Leaf, v: u64) {
        if off == INVALID {
            return;
        }
        match self.mem.get_mut(var) {
            Some(Region::Slots {
                per_lane,
                size,
                data,
            }) => {
                let off = off as usize;
                if off >= *size {
                    return;
                }
                let base = if *per_lane { lane * *size } else { 0 };
                if let Some(x) = data.get_mut(base + off) {
                    *x = v;
                }
            }
            Some(Region::Bytes(b)) => write_bytes(b, off, leaf, v),
            _ => {}
        }
    }

    // ---- execution ----

    fn get(&self, fi: &FuncInfo, fr: &Frame, v: ValueId, c: usize, lane: usize) -> u64 {
        fr.vals[(fi.voff[v.0 as usize] as usize + c) * self.n + lane]
    }

    fn set(&self, fi: &FuncInfo, fr: &mut Frame, v: ValueId, c: usize, lane: usize, x: u64) {
        fr.vals[(fi.voff[v.0 as usize] as usize + c) * self.n + lane] = x;
    }

    /// Runs function `fid` with the given lanes; `args` are the values of the `in`/`inout`
    /// parameters (components per lane, `[comp * n + lane]`). Returns the return value and
    /// the `out`/`inout` values in the same form.
    pub fn call(
        &mut self,
        fid: FuncId,
        args: &[Vec<u64>],
        m: &[bool],
    ) -> Result<Vec<Vec<u64>>, Error> {
        if self.active_funcs[fid.0 as usize] {
            return Err(Error::Invalid(format!(
                "recursive call of `{}`",
                self.sh.functions[fid].name
            )));
        }
        if self.depth >= self.limits.max_call_depth {
            return Err(Error::Limit(format!(
                "execution limit reached: calls nested deeper than {}",
                self.limits.max_call_depth
            )));
        }
        let f = &self.sh.functions[fid];
        // Issue 4: `Interp::new` rejects calls of declarations; this guards other entries.
        if f.is_declaration() {
            return Err(Error::Unsupported(format!(
                "function `{}` is declared but not defined in this stage's units",
                f.name
            )));
        }
        let fi = &self.funcs[fid.0 as usize];
        let n = self.n;
        self.charge(fi.total.saturating_mul(n).saturating_mul(8))?;
        let mut fr = Frame {
            vals: vec![0; fi.total * n],
            prev: vec![f.start_block(); n],
            params: vec![None; f.params.len()],
            regs: FxHashMap::default(),
        };
        // Locals: fresh storage (parameters and the return value included).
        for &l in &f.locals {
            self.alloc_slots(l)?;
            if let Some(init) = self.sh.vars[l].init.clone() {
                let mut flat = Vec::new();
                flatten_constant(&init, &mut flat);
                for lane in 0..n {
                    if m[lane] {
                        for (k, x) in flat.iter().enumerate() {
                            self.write_scalar(lane, l.0 as usize, k as u32, Leaf::Opaque, *x);
                        }
                    }
                }
            }
        }
        for p in &f.params {
            if !f.locals.contains(&p.var) {
                self.alloc_slots(p.var)?;
            }
        }
        if let Some(r) = f.ret {
            if !f.locals.contains(&r) {
                self.alloc_slots(r)?;
            }
        }
        // Copy in.
        let mut ai = 0;
        for (pi, p) in f.params.iter().enumerate() {
            if matches!(p.dir, ParamDir::In | ParamDir::InOut) {
                let Some(a) = args.get(ai) else {
                    return Err(Error::Invalid(format!(
                        "call of `{}` with too few arguments",
                        f.name
                    )));
                };
                ai += 1;
                let comps = a.len() / n.max(1);
                let slots = layout::slots(&self.sh.types, self.sh.vars[p.var].ty);
                for lane in 0..n {
                    if m[lane] {
                        for c in 0..comps.min(slots) {
                            self.write_scalar(
                                lane,
                                p.var.0 as usize,
                                c as u32,
                                Leaf::Opaque,
                                a[c * n + lane],
                            );
                        }
                    }
                }
                fr.params[pi] = Some(a.clone());
            }
        }
        self.active_funcs[fid.0 as usize] = true;
        self.depth += 1;
        let mut loops = Vec::new();
        let r = self.exec_list(f, fi, &mut fr, &f.body, m.to_vec(), &mut loops);
        self.depth -= 1;
        self.active_funcs[fid.0 as usize] = false;
        r?;
        // Copy out.
        let mut outs = Vec::new();
        let read_var = |this: &Self, v: VarId| -> Vec<u64> {
            let slots = layout::slots(&this.sh.types, this.sh.vars[v].ty);
            let mut out = vec![0u64; slots * n];
            for lane in 0..n {
                if m[lane] {
                    for c in 0..slots {
                        out[c * n + lane] =
                            this.read_scalar(lane, v.0 as usize, c as u32, Leaf::Opaque);
                    }
                }
            }
            out
        };
        if let Some(r) = f.ret {
            outs.push(read_var(self, r));
        }
        for p in &f.params {
            if matches!(p.dir, ParamDir::Out | ParamDir::InOut) {
                outs.push(read_var(self, p.var));
            }
        }
        self.memory_used = self
            .memory_used
            .saturating_sub(fi.total.saturating_mul(n).saturating_mul(8));
        Ok(outs)
    }

    fn exec_list(
        &mut self,
        f: &Function,
        fi: &FuncInfo,
        fr: &mut Frame,
        list: &[CfNode],
        mut m: Vec<bool>,
        loops: &mut Vec<LoopState>,
    ) -> Result<Vec<bool>, Error> {
        for node in list {
            if !any(&m) {
                break;
            }
            match *node {
                CfNode::Block(b) => {
                    if let Some(j) = self.exec_block(f, fi, fr, b, &mut m)? {
                        match j {
                            JumpKind::Break | JumpKind::Continue => {
                                let Some(ls) = loops.last_mut() else {
                                    return Err(Error::Invalid(format!(
                                        "{} outside a loop",
                                        j.name()
                                    )));
                                };
                                let target = if j == JumpKind::Break {
                                    &mut ls.brk
                                } else {
                                    &mut ls.cont
                                };
                                for (t, x) in target.iter_mut().zip(&m) {
                                    *t |= *x;
                                }
                            }
                            JumpKind::Return => {}
                        }
                        m.iter_mut().for_each(|x| *x = false);
                    }
                }
                CfNode::If(i) => {
                    let node = &f.ifs[i];
                    let c = node.cond;
                    let mut tm = vec![false; self.n];
                    let mut em = vec![false; self.n];
                    for lane in 0..self.n {
                        if m[lane] {
                            if self.get(fi, fr, c, 0, lane) & 1 != 0 {
                                tm[lane] = true;
                            } else {
                                em[lane] = true;
                            }
                        }
                    }
                    let t_out = if any(&tm) {
                        self.exec_list(f, fi, fr, &node.then_list, tm, loops)?
                    } else {
                        tm
                    };
                    let e_out = if any(&em) {
                        self.exec_list(f, fi, fr, &node.else_list, em, loops)?
                    } else {
                        em
                    };
                    for lane in 0..self.n {
                        m[lane] = (t_out[lane] || e_out[lane]) && !self.dead[lane];
                    }
                }
                CfNode::Loop(l) => {
                    let body = &f.loops[l].body;
                    loops.push(LoopState {
                        brk: vec![false; self.n],
                        cont: vec![false; self.n],
                    });
                    let mut iter = m.clone();
                    let mut count: u64 = 0;
                    while any(&iter) {
                        count += 1;
                        if count > self.limits.max_loop_iterations {
                            loops.pop();
                            return Err(Error::Limit(format!(
                                "execution limit reached: a loop ran more than {} iterations",
                                self.limits.max_loop_iterations
                            )));
                        }
                        if let Some(ls) = loops.last_mut() {
                            ls.cont.iter_mut().for_each(|x| *x = false);
                        }
                        let out = self.exec_list(f, fi, fr, body, iter, loops)?;
                        let ls = loops.last().expect("loop state");
                        iter = out
                            .iter()
                            .zip(&ls.cont)
                            .enumerate()
                            .map(|(lane, (a, b))| (*a || *b) && !self.dead[lane])
                            .collect();
                    }
                    let ls = loops.pop().expect("loop state");
                    for lane in 0..self.n {
                        m[lane] = ls.brk[lane] && !self.dead[lane];
                    }
                }
            }
        }
        Ok(m)
    }

    /// Runs a block; returns the jump that ends it, if any. Lanes that terminate leave `m`.
    fn exec_block(
        &mut self,
        f: &Function,
        fi: &FuncInfo,
        fr: &mut Frame,
        b: BlockId,
        m: &mut [bool],
    ) -> Result<Option<JumpKind>, Error> {
        let n = self.n;
        let instrs = &f.blocks[b].instrs;
        // Phis, all read before any is written.
        let nphi = instrs
            .iter()
            .take_while(|&&i| f.instrs[i].kind.is_phi())
            .count();
        if nphi > 0 {
            let mut staged = std::mem::take(&mut self.phi_buf);
            staged.clear();
            for &i in &instrs[..nphi] {
                let InstrKind::Phi { dest, srcs } = &f.instrs[i].kind else {
                    continue;
                };
                let comps = usize::from(f.values[*dest].num_components);
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let from = fr.prev[lane];
                    let Some((_, src)) = srcs.iter().find(|(p, _)| *p == from) else {
                        return Err(Error::Invalid(format!(
                            "phi {dest} has no source for predecessor {from}"
                        )));
                    };
                    let sc = usize::from(f.values[*src].num_components);
                    for c in 0..comps {
                        let x = if c < sc {
                            self.get(fi, fr, *src, c, lane)
                        } else {
                            0
                        };
                        staged.push((*dest, c, lane, x));
                    }
                }
            }
            for &(d, c, lane, x) in &staged {
                self.set(fi, fr, d, c, lane, x);
            }
            self.phi_buf = staged;
        }
        let mut jump = None;
        let mut active = m.iter().filter(|&&b| b).count() as u64;
        for &i in &instrs[nphi..] {
            if active == 0 {
                break;
            }
            self.executed += active;
            if self.executed > self.limits.max_instructions {
                return Err(Error::Limit(format!(
                    "execution limit reached: more than {} instructions executed",
                    self.limits.max_instructions
                )));
            }
            match &f.instrs[i].kind {
                InstrKind::Jump(k) => {
                    jump = Some(*k);
                    break;
                }
                kind => {
                    self.exec_instr(f, fi, fr, i, kind, m)?;
                    // Only calls and terminations change the active lanes.
                    if matches!(kind, InstrKind::Call { .. } | InstrKind::Intrinsic(_)) {
                        active = m.iter().filter(|&&b| b).count() as u64;
                    }
                }
            }
        }
        for lane in 0..n {
            if m[lane] {
                fr.prev[lane] = b;
            }
        }
        Ok(jump)
    }

    fn exec_instr(
        &mut self,
        f: &Function,
        fi: &FuncInfo,
        fr: &mut Frame,
        id: InstrId,
        kind: &InstrKind,
        m: &mut [bool],
    ) -> Result<(), Error> {
        let n = self.n;
        match kind {
            InstrKind::Alu(a) => self.exec_alu(f, fi, fr, a, m),
            InstrKind::LoadConst { dest, values } => {
                let comps = usize::from(f.values[*dest].num_components);
                for c in 0..comps {
                    let x = values.get(c).copied().unwrap_or(0);
                    for lane in 0..n {
                        if m[lane] {
                            self.set(fi, fr, *dest, c, lane, x);
                        }
                    }
                }
                Ok(())
            }
            InstrKind::Undef { dest } => {
                let comps = usize::from(f.values[*dest].num_components);
                for c in 0..comps {
                    for lane in 0..n {
                        if m[lane] {
                            self.set(fi, fr, *dest, c, lane, 0);
                        }
                    }
                }
                Ok(())
            }
            InstrKind::Phi { .. } => Err(Error::Invalid(format!(
                "{id}: a phi after the start of its block"
            ))),
            InstrKind::Jump(_) => Ok(()),
            InstrKind::Deref(d) => {
                let info = fi.dinfo[id.0 as usize]
                    .ok_or_else(|| Error::Invalid(format!("{id}: malformed deref")))?;
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let p = match (d.kind, info.step) {
                        (DerefKind::Var(v), _) => ptr(v.0, 0),
                        (DerefKind::Struct { parent, .. }, Step::Add(o)) => {
                            let (var, off) = ptr_parts(self.get(fi, fr, parent, 0, lane));
                            ptr(
                                var as u32,
                                if off == INVALID {
                                    INVALID
                                } else {
                                    off.saturating_add(o)
                                },
                            )
                        }
                        (DerefKind::Array { parent, index }, Step::Index { stride, len }) => {
                            let (var, off) = ptr_parts(self.get(fi, fr, parent, 0, lane));
                            let ib = f.values[index].bit_size;
                            let idx = sext(self.get(fi, fr, index, 0, lane), ib);
                            let ok = off != INVALID
                                && idx >= 0
                                && (len == 0 || (idx as u64) < u64::from(len));
                            let o = if ok {
                                u64::from(off) + (idx as u64).saturating_mul(u64::from(stride))
                            } else {
                                u64::from(INVALID)
                            };
                            ptr(var as u32, o.min(u64::from(INVALID)) as u32)
                        }
                        (DerefKind::Cast { parent }, _) => self.get(fi, fr, parent, 0, lane),
                        _ => return Err(Error::Invalid(format!("{id}: malformed deref"))),
                    };
                    self.set(fi, fr, d.dest, 0, lane, p);
                }
                Ok(())
            }
            InstrKind::Call { func, args, dests } => {
                let mut argv = Vec::with_capacity(args.len());
                for a in args {
                    let comps = usize::from(f.values[*a].num_components);
                    let base = fi.voff[a.0 as usize] as usize * n;
                    argv.push(fr.vals[base..base + comps * n].to_vec());
                }
                let outs = self.call(*func, &argv, m)?;
                for (d, o) in dests.iter().zip(outs) {
                    let comps = usize::from(f.values[*d].num_components);
                    let bits = f.values[*d].bit_size;
                    let oc = o.len() / n.max(1);
                    for c in 0..comps.min(oc) {
                        for lane in 0..n {
                            if m[lane] {
                                self.set(fi, fr, *d, c, lane, mask(o[c * n + lane], bits));
                            }
                        }
                    }
                }
                for lane in 0..n {
                    if self.dead[lane] {
                        m[lane] = false;
                    }
                }
                Ok(())
            }
            InstrKind::Tex(t) => tex::exec_tex(self, f, fi, fr, t, m),
            InstrKind::Intrinsic(x) => self.exec_intrinsic(f, fi, fr, id, x, m),
        }
    }

    fn exec_alu(
        &mut self,
        f: &Function,
        fi: &FuncInfo,
        fr: &mut Frame,
        a: &fresnel_ir::Alu,
        m: &[bool],
    ) -> Result<(), Error> {
        let n = self.n;
        let info = a.op.info();
        let dv = &f.values[a.dest];
        let (db, dn) = (dv.bit_size, usize::from(dv.num_components));
        if a.srcs.len() != usize::from(info.num_srcs) {
            return Err(Error::Invalid(format!(
                "`{}` with {} sources",
                info.name,
                a.srcs.len()
            )));
        }
        let mut sb = db;
        for (k, s) in a.srcs.iter().enumerate() {
            if info.src_class[k] != fresnel_ir::TypeClass::Bool {
                sb = f.values[s.value].bit_size;
                break;
            }
        }
        // Components read of each source, checked against the swizzles.
        for (k, s) in a.srcs.iter().enumerate() {
            let reads = if info.src_size[k] != 0 {
                usize::from(info.src_size[k])
            } else {
                dn
            };
            let have = f.values[s.value].num_components;
            if reads > 4 || s.swizzle[..reads].iter().any(|&c| c >= have) {
                return Err(Error::Invalid(format!(
                    "`{}`: source {k} swizzle out of range",
                    info.name
                )));
            }
        }
        if dn > 4 {
            return Err(Error::Invalid(format!(
                "`{}` with {dn} components",
                info.name
            )));
        }
        if matches!(a.op, AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4) {
            // Component c is component swizzle[0] of source c.
            for (c, src) in a.srcs.iter().enumerate().take(dn) {
                let sbase =
                    (fi.voff[src.value.0 as usize] as usize + usize::from(src.swizzle[0])) * n;
                let dbase = (fi.voff[a.dest.0 as usize] as usize + c) * n;
                for lane in 0..n {
                    if m[lane] {
                        fr.vals[dbase + lane] = mask(fr.vals[sbase + lane], db);
                    }
                }
            }
            return Ok(());
        }
        if matches!(a.op, AluOp::Fdot2 | AluOp::Fdot3 | AluOp::Fdot4) && sb == 32 && db == 32 {
            // Each product and partial sum rounded to single precision, as `alu::whole`.
            let k = usize::from(info.src_size[0]);
            let mut b0 = [0usize; 4];
            let mut b1 = [0usize; 4];
            for c in 0..k {
                b0[c] = (fi.voff[a.srcs[0].value.0 as usize] as usize
                    + usize::from(a.srcs[0].swizzle[c]))
                    * n;
                b1[c] = (fi.voff[a.srcs[1].value.0 as usize] as usize
                    + usize::from(a.srcs[1].swizzle[c]))
                    * n;
            }
            let dbase = fi.voff[a.dest.0 as usize] as usize * n;
            let v = &mut fr.vals;
            for lane in 0..n {
                if m[lane] {
                    let mut acc = 0.0f32;
                    for c in 0..k {
                        let x = f32::from_bits(v[b0[c] + lane] as u32);
                        let y = f32::from_bits(v[b1[c] + lane] as u32);
                        acc += x * y;
                    }
                    v[dbase + lane] = u64::from(acc.to_bits());
                }
            }
            return Ok(());
        }
        if alu::is_whole(a.op) {
            for lane in 0..n {
                if !m[lane] {
                    continue;
                }
                let mut s = [[0u64; 4]; 4];
                for (k, src) in a.srcs.iter().enumerate() {
                    let reads = if info.src_size[k] != 0 {
                        usize::from(info.src_size[k])
                    } else {
                        dn
                    };
                    for c in 0..reads {
                        s[k][c] = self.get(fi, fr, src.value, usize::from(src.swizzle[c]), lane);
                    }
                }
                let out = alu::whole(a.op, sb, db, &s)?;
                for (c, x) in out.iter().enumerate().take(dn) {
                    self.set(fi, fr, a.dest, c, lane, *x);
                }
            }
            return Ok(());
        }
        if info.cross_invocation {
            let src = a.srcs[0];
            let x_dir = matches!(a.op, AluOp::Fddx | AluOp::FddxFine | AluOp::FddxCoarse);
            for c in 0..dn {
                let sc = usize::from(src.swizzle[c]);
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let r = if self.quads {
                        let base = lane & !3;
                        let row = lane & 2;
                        let col = lane & 1;
                        let (l0, l1) = if x_dir {
                            (base + row, base + row + 1)
                        } else {
                            (base + col, base + col + 2)
                        };
                        let v0 = fget(self.get(fi, fr, src.value, sc, l0), sb);
                        let v1 = fget(self.get(fi, fr, src.value, sc, l1), sb);
                        v1 - v0
                    } else {
                        0.0
                    };
                    self.set(fi, fr, a.dest, c, lane, fput(r, db));
                }
            }
            return Ok(());
        }
        let ns = a.srcs.len();
        let fast = alu::fast(a.op, sb, db);
        for c in 0..dn {
            let mut bases = [0usize; 4];
            for k in 0..ns {
                let src = a.srcs[k];
                bases[k] =
                    (fi.voff[src.value.0 as usize] as usize + usize::from(src.swizzle[c])) * n;
            }
            let dbase = (fi.voff[a.dest.0 as usize] as usize + c) * n;
            if let Some(fast) = fast {
                // Common 32-bit operations without the general dispatch.
                alu::fast_lanes(fast, &mut fr.vals, m, &bases[..ns], dbase);
                continue;
            }
            for lane in 0..n {
                if !m[lane] {
                    continue;
                }
                let mut s = [0u64; 4];
                for k in 0..ns {
                    s[k] = fr.vals[bases[k] + lane];
                }
                fr.vals[dbase + lane] = alu::scalar(a.op, sb, db, s)?;
            }
        }
        Ok(())
    }

    /// Pointer parts and deref facts of a deref value at a lane.
    fn deref_at(
        &self,
        f: &Function,
        fi: &FuncInfo,
        fr: &Frame,
        v: ValueId,
        lane: usize,
    ) -> Result<(usize, u32, DInfo), Error> {
        let def = f.values[v].def;
        let info = fi.dinfo[def.0 as usize]
            .ok_or_else(|| Error::Invalid(format!("{v} is not a deref")))?;
        let (var, off) = ptr_parts(self.get(fi, fr, v, 0, lane));
        Ok((var, off, info))
    }

    /// Loads `comps` components through a deref at a lane.
    fn load_at(
        &self,
        lane: usize,
        var: usize,
        off: u32,
        info: &DInfo,
        comps: usize,
        bits: u8,
    ) -> [u64; 16] {
        let leaf = leaf_of(&self.sh.types, info.ty).unwrap_or(Leaf::Opaque);
        let mut out = [0u64; 16];
        for (c, o) in out.iter_mut().enumerate().take(comps.min(16)) {
            let o_c = if off == INVALID {
                INVALID
            } else {
                off.saturating_add((c as u32).saturating_mul(info.comp_stride))
            };
            let raw = self.read_scalar(lane, var, o_c, leaf);
            *o = if leaf == Leaf::Bool {
                u64::from(raw != 0)
            } else {
                mask(raw, bits)
            };
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn store_at(&mut self, lane: usize, var: usize, off: u32, info: &DInfo, c: usize, v: u64) {
        let leaf = leaf_of(&self.sh.types, info.ty).unwrap_or(Leaf::Opaque);
        let o_c = if off == INVALID {
            INVALID
        } else {
            off.saturating_add((c as u32).saturating_mul(info.comp_stride))
        };
        let v = if leaf == Leaf::Bool { v & 1 } else { v };
        self.write_scalar(lane, var, o_c, leaf, v);
    }

    /// Whether side effects of this lane are visible (not a helper invocation).
    fn visible(&self, lane: usize) -> bool {
        !self.helper[lane]
    }

    fn exec_intrinsic(
        &mut self,
        f: &Function,
        fi: &FuncInfo,
        fr: &mut Frame,
        id: InstrId,
        x: &fresnel_ir::IntrinsicInstr,
        m: &mut [bool],
    ) -> Result<(), Error> {
        use Intrinsic as I;
        let n = self.n;
        let info = x.op.info();
        // (A variadic intrinsic, `[-2]`, may have no sources.)
        if x.srcs.len() < info.srcs.len() && !info.is_variadic() {
            return Err(Error::Invalid(format!(
                "{id}: `{}` with too few sources",
                info.name
            )));
        }
        if info.has_dest != x.dest.is_some() {
            return Err(Error::Invalid(format!(
                "{id}: `{}` result mismatch",
                info.name
            )));
        }
        let dest = x.dest;
        let (db, dn) = dest.map_or((32, 0), |d| {
            (
                f.values[d].bit_size,
                usize::from(f.values[d].num_components),
            )
        });
        let src = |k: usize| x.srcs[k];
        match x.op {
            I::LoadDeref | I::InterpDerefAtCentroid | I::InterpDerefAtSample => {
                let d = dest.expect("checked");
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let (var, off, di) = self.deref_at(f, fi, fr, src(0), lane)?;
                    let vals = self.load_at(lane, var, off, &di, dn, db);
                    for (c, v) in vals.iter().enumerate().take(dn) {
                        self.set(fi, fr, d, c, lane, *v);
                    }
                }
            }
            I::InterpDerefAtOffset => {
                // value + ddx * offset.x + ddy * offset.y, from the quad's values.
                let d = dest.expect("checked");
                let mut vals = vec![[0u64; 16]; n];
                for lane in 0..n {
                    if m[lane] || (self.quads && any(&m[lane & !3..(lane & !3) + 4])) {
                        let (var, off, di) = self.deref_at(f, fi, fr, src(0), lane)?;
                        vals[lane] = self.load_at(lane, var, off, &di, dn, db);
                    }
                }
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let ox = fget(self.get(fi, fr, src(1), 0, lane), 32);
                    let oy = fget(
                        self.get(
                            fi,
                            fr,
                            src(1),
                            1.min(usize::from(f.values[src(1)].num_components) - 1),
                            lane,
                        ),
                        32,
                    );
                    for c in 0..dn.min(16) {
                        let v = fget(vals[lane][c], db);
                        let (dx, dy) = if self.quads {
                            let b = lane & !3;
                            let row = lane & 2;
                            let col = lane & 1;
                            (
                                fget(vals[b + row + 1][c], db) - fget(vals[b + row][c], db),
                                fget(vals[b + col + 2][c], db) - fget(vals[b + col][c], db),
                            )
                        } else {
                            (0.0, 0.0)
                        };
                        self.set(fi, fr, d, c, lane, fput(v + dx * ox + dy * oy, db));
                    }
                }
            }
            I::StoreDeref => {
                let wm = x.index(IndexKind::WriteMask).unwrap_or(0xf);
                let vc = usize::from(f.values[src(1)].num_components);
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let (var, off, di) = self.deref_at(f, fi, fr, src(0), lane)?;
                    if !per_lane(self.sh.stage, self.sh.vars[VarId(var as u32)].mode)
                        && !self.visible(lane)
                    {
                        continue;
                    }
                    for c in 0..vc {
                        if c < 64 && wm & (1 << c) != 0 {
                            let v = self.get(fi, fr, src(1), c, lane);
                            self.store_at(lane, var, off, &di, c, v);
                        }
                    }
                }
            }
            I::CopyDeref => {
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let (dvar, doff, ddi) = self.deref_at(f, fi, fr, src(0), lane)?;
                    let (svar, soff, sdi) = self.deref_at(f, fi, fr, src(1), lane)?;
                    if doff == INVALID || soff == INVALID {
                        continue;
                    }
                    let dl = self.leaves(&ddi, doff);
                    let sl = self.leaves(&sdi, soff);
                    let vals: Vec<u64> = sl
                        .iter()
                        .map(|&(o, leaf)| {
                            let r = self.read_scalar(lane, svar, o, leaf);
                            if leaf == Leaf::Bool {
                                u64::from(r != 0)
                            } else {
                                r
                            }
                        })
                        .collect();
                    for ((o, leaf), v) in dl.into_iter().zip(vals) {
                        self.write_scalar(lane, dvar, o, leaf, v);
                    }
                }
            }
            I::DerefAtomic | I::DerefAtomicSwap => {
                let d = dest.expect("checked");
                let op = x
                    .index(IndexKind::Atomic)
                    .and_then(AtomicOp::from_index)
                    .ok_or_else(|| Error::Invalid(format!("{id}: no atomic operation")))?;
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let (var, off, di) = self.deref_at(f, fi, fr, src(0), lane)?;
                    let old = self.load_at(lane, var, off, &di, 1, db)[0];
                    let data = self.get(fi, fr, src(1), 0, lane);
                    let cmp = if x.op == I::DerefAtomicSwap {
                        self.get(fi, fr, src(2), 0, lane)
                    } else {
                        0
                    };
                    // A float compare-and-swap (GL_INTEL_shader_atomic_float_minmax) compares
                    // values, not bits: a NaN equals nothing, -0.0 equals 0.0.
                    let float_cas = op == AtomicOp::CmpXchg
                        && matches!(
                            self.sh.types.get(di.ty),
                            Type::Vector {
                                base: fresnel_ir::BaseType::Float,
                                ..
                            }
                        );
                    let new = if float_cas {
                        (fget(old, db) == fget(cmp, db)).then_some(data)
                    } else {
                        atomic(op, old, data, cmp, db)
                    };
                    if self.visible(lane) {
                        if let Some(v) = new {
                            self.store_at(lane, var, off, &di, 0, v);
                        }
                    }
                    self.set(fi, fr, d, 0, lane, old);
                }
            }
            I::DerefBufferArrayLength => {
                let d = dest.expect("checked");
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let (var, off, di) = self.deref_at(f, fi, fr, src(0), lane)?;
                    let len = match (self.sh.types.get(di.ty), self.mem.get(var)) {
                        (Type::Array { elem, stride, len }, Some(Region::Bytes(b))) => {
                            if *len > 0 {
                                u64::from(*len)
                            } else {
                                let s = if *stride > 0 {
                                    *stride
                                } else {
                                    layout::natural_size(&self.sh.types, *elem)
                                };
                                (b.len() as u64).saturating_sub(u64::from(off))
                                    / u64::from(s.max(1))
                            }
                        }
                        (Type::Array { len, .. }, _) => u64::from(*len),
                        _ => 0,
                    };
                    self.set(fi, fr, d, 0, lane, mask(len, db));
                }
            }
            I::DeclReg => {
                let d = dest.expect("checked");
                let len = x.index(IndexKind::Base).unwrap_or(0).max(1) as usize;
                if len > 1 << 20 {
                    return Err(Error::Limit("register array too large".into()));
                }
                if let std::collections::hash_map::Entry::Vacant(e) = fr.regs.entry(d) {
                    self.memory_used = self.memory_used.saturating_add(len * dn * n * 8);
                    if self.memory_used > self.limits.max_memory {
                        return Err(Error::Limit(format!(
                            "execution limit reached: more than {} bytes of interpreter memory",
                            self.limits.max_memory
                        )));
                    }
                    e.insert((len, dn, vec![0; len * dn * n]));
                }
            }
            I::LoadReg | I::LoadRegIndirect => {
                let d = dest.expect("checked");
                let base = x.index(IndexKind::Base).unwrap_or(0);
                let Some((len, rc, data)) = fr.regs.get(&src(0)) else {
                    return Err(Error::Invalid(format!(
                        "{id}: load of an undeclared register"
                    )));
                };
                let (len, rc) = (*len, *rc);
                let mut staged = Vec::new();
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let mut e = base;
                    if x.op == I::LoadRegIndirect {
                        let ib = f.values[src(1)].bit_size;
                        e = e.saturating_add(sext(self.get(fi, fr, src(1), 0, lane), ib));
                    }
                    for c in 0..dn {
                        let v = if e >= 0 && (e as usize) < len && c < rc {
                            data[((e as usize) * rc + c) * n + lane]
                        } else {
                            0
                        };
                        staged.push((c, lane, v));
                    }
                }
                for (c, lane, v) in staged {
                    self.set(fi, fr, d, c, lane, v);
                }
            }
            I::StoreReg | I::StoreRegIndirect => {
                let base = x.index(IndexKind::Base).unwrap_or(0);
                let wm = x.index(IndexKind::WriteMask).unwrap_or(0xf);
                let vc = usize::from(f.values[src(0)].num_components);
                let mut staged = Vec::new();
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let mut e = base;
                    if x.op == I::StoreRegIndirect {
                        let ib = f.values[src(2)].bit_size;
                        e = e.saturating_add(sext(self.get(fi, fr, src(2), 0, lane), ib));
                    }
                    for c in 0..vc {
                        if c < 64 && wm & (1 << c) != 0 {
                            staged.push((e, c, lane, self.get(fi, fr, src(0), c, lane)));
                        }
                    }
                }
                let Some((len, rc, data)) = fr.regs.get_mut(&src(1)) else {
                    return Err(Error::Invalid(format!(
                        "{id}: store to an undeclared register"
                    )));
                };
                for (e, c, lane, v) in staged {
                    if e >= 0 && (e as usize) < *len && c < *rc {
                        data[((e as usize) * *rc + c) * n + lane] = v;
                    }
                }
            }
            I::LoadParam => {
                let d = dest.expect("checked");
                let p = x.index(IndexKind::Param).unwrap_or(-1);
                let Some(Some(vals)) = usize::try_from(p).ok().and_then(|p| fr.params.get(p))
                else {
                    return Err(Error::Invalid(format!("{id}: no parameter {p}")));
                };
                let vals = vals.clone();
                let pc = vals.len() / n.max(1);
                for c in 0..dn.min(pc) {
                    for lane in 0..n {
                        if m[lane] {
                            self.set(fi, fr, d, c, lane, mask(vals[c * n + lane], db));
                        }
                    }
                }
            }
            I::Terminate => {
                for lane in 0..n {
                    if m[lane] {
                        self.dead[lane] = true;
                        m[lane] = false;
                    }
                }
            }
            I::TerminateIf => {
                for lane in 0..n {
                    if m[lane] && self.get(fi, fr, src(0), 0, lane) & 1 != 0 {
                        self.dead[lane] = true;
                        m[lane] = false;
                    }
                }
            }
            I::Demote => {
                // Demoted lanes keep running as helpers (for derivatives) and are discarded.
                for lane in 0..n {
                    if m[lane] {
                        self.helper[lane] = true;
                        self.demoted[lane] = true;
                    }
                }
            }
            I::IsHelperInvocation => {
                let d = dest.expect("checked");
                for lane in 0..n {
                    if m[lane] {
                        self.set(fi, fr, d, 0, lane, u64::from(self.helper[lane]));
                    }
                }
            }
            // The group runs in lockstep: every invocation reaching a barrier in uniform
            // control flow reaches it together, and memory is coherent.
            I::Barrier
            | I::MemoryBarrier
            | I::BeginInvocationInterlock
            | I::EndInvocationInterlock => {}
            I::EmitVertex | I::EndPrimitive => {
                let stream = x.index(IndexKind::Stream).unwrap_or(0);
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    if self.emitted[lane].len() >= 4096 {
                        return Err(Error::Limit(
                            "execution limit reached: more than 4096 vertices emitted".into(),
                        ));
                    }
                    let mut e = Emitted {
                        stream,
                        outputs: Vec::new(),
                        end_primitive: x.op == I::EndPrimitive,
                    };
                    if x.op == I::EmitVertex {
                        for (vid, v) in self.sh.vars.iter() {
                            if v.mode == VarMode::ShaderOut {
                                let size = layout::slots(&self.sh.types, v.ty);
                                let vals = (0..size)
                                    .map(|k| {
                                        self.read_scalar(
                                            lane,
                                            vid.0 as usize,
                                            k as u32,
                                            Leaf::Opaque,
                                        )
                                    })
                                    .collect();
                                e.outputs.push((vid, vals));
                            }
                        }
                    }
                    self.emitted[lane].push(e);
                }
            }
            I::VoteAny
            | I::VoteAll
            | I::VoteEq
            | I::Ballot
            | I::Elect
            | I::ReadInvocation
            | I::ReadFirstInvocation
            | I::Shuffle
            | I::Reduce
            | I::InclusiveScan
            | I::ExclusiveScan
            | I::Partition
            | I::PartitionedReduce
            | I::PartitionedInclusiveScan
            | I::PartitionedExclusiveScan => self.exec_subgroup(f, fi, fr, id, x, m)?,
            I::AtomicCounterRead | I::AtomicCounterOp | I::AtomicCounterOpSwap => {
                let d = dest.expect("checked");
                let op = if x.op == I::AtomicCounterRead {
                    AtomicOp::Load
                } else if x.op == I::AtomicCounterOpSwap {
                    AtomicOp::CmpXchg
                } else {
                    x.index(IndexKind::Atomic)
                        .and_then(AtomicOp::from_index)
                        .ok_or_else(|| Error::Invalid(format!("{id}: no atomic operation")))?
                };
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let (var, off, _) = self.deref_at(f, fi, fr, src(0), lane)?;
                    let old = mask(self.read_scalar(lane, var, off, Leaf::Uint(32)), 32);
                    let data = if x.op == I::AtomicCounterRead {
                        0
                    } else {
                        self.get(fi, fr, src(1), 0, lane)
                    };
                    let cmp = if x.op == I::AtomicCounterOpSwap {
                        self.get(fi, fr, src(2), 0, lane)
                    } else {
                        0
                    };
                    let (new, ret) = match op {
                        AtomicOp::Inc => (Some(mask(old.wrapping_add(1), 32)), old),
                        AtomicOp::Dec => {
                            let v = mask(old.wrapping_sub(1), 32);
                            (Some(v), v)
                        }
                        AtomicOp::Load => (None, old),
                        o => (atomic(o, old, data, cmp, 32), old),
                    };
                    if let Some(v) = new {
                        if self.visible(lane) {
                            self.write_scalar(lane, var, off, Leaf::Uint(32), v);
                        }
                    }
                    self.set(fi, fr, d, 0, lane, ret);
                }
            }
            I::ImageDerefLoad
            | I::ImageDerefStore
            | I::ImageDerefAtomic
            | I::ImageDerefAtomicSwap
            | I::ImageDerefSize
            | I::ImageDerefSamples
            | I::ImageDerefSparseLoad
            | I::ImageDerefLoadLod
            | I::ImageDerefStoreLod
            | I::ImageDerefSparseLoadLod => tex::exec_image(self, f, fi, fr, x, m)?,
            // Residency codes (see `tex::RESIDENT`): 0 is resident; codes combine by OR.
            I::IsSparseTexelsResident | I::SparseResidencyCodeAnd => {
                let d = dest.expect("checked");
                for lane in 0..n {
                    if !m[lane] {
                        continue;
                    }
                    let a = mask(self.get(fi, fr, src(0), 0, lane), 32);
                    let v = if x.op == I::IsSparseTexelsResident {
                        u64::from(a == tex::RESIDENT)
                    } else {
                        a | mask(self.get(fi, fr, src(1), 0, lane), 32)
                    };
                    self.set(fi, fr, d, 0, lane, mask(v, db));
                }
            }
            // `clockARB` / `clockRealtimeEXT`: the lane-instructions executed so far in this
            // run, a deterministic counter that never decreases (both scopes read it), as
            // (low, high) 32-bit halves.
            // Specialization constants (helper E, issue 5).
            I::LoadSpecConstant => {
                let d = dest.expect("checked");
                let id = x.index(IndexKind::Base).unwrap_or(-1);
                let v = self
                    .spec
                    .iter()
                    .find(|(k, _)| i64::from(*k) == id)
                    .map(|(_, v)| *v)
                    .ok_or_else(|| {
                        Error::Invalid(format!("undeclared specialization constant id {id}"))
                    })?;
                for lane in 0..n {
                    if m[lane] {
                        self.set(fi, fr, d, 0, lane, mask(v, db));
                    }
                }
            }
            I::LoadWorkgroupSize => {
                let d = dest.expect("checked");
                let ls = self.local_size;
                for lane in 0..n {
                    if m[lane] {
                        for (c, v) in ls.iter().enumerate().take(dn) {
                            self.set(fi, fr, d, c, lane, u64::from(*v));
                        }
                    }
                }
            }
            I::ShaderClock => {
                let d = dest.expect("checked");
                let now = self.executed;
                for lane in 0..n {
                    if m[lane] {
                        self.set(fi, fr, d, 0, lane, mask(now, db));
                        if dn > 1 {
                            self.set(fi, fr, d, 1, lane, mask(now >> 32, db));
                        }
                    }
                }
            }
            // Stages and hardware the CPU interpreter does not model.
            I::TraceRay
            | I::TraceRayMotion
            | I::TraceRayLocation
            | I::ExecuteCallable
            | I::ReportRayIntersection
            | I::IgnoreRayIntersection
            | I::TerminateRay
            | I::RqInitialize
            | I::RqProceed
            | I::RqTerminate
            | I::RqGenerateIntersection
            | I::RqConfirmIntersection
            | I::RqLoad
            | I::FetchMicroTriangleVertex
            | I::HitObjectTraceRay
            | I::HitObjectTraceRayMotion
            | I::HitObjectRecordHit
            | I::HitObjectRecordHitMotion
            | I::HitObjectRecordHitWithIndex
            | I::HitObjectRecordHitWithIndexMotion
            | I::HitObjectRecordMiss
            | I::HitObjectRecordMissMotion
            | I::HitObjectRecordEmpty
            | I::HitObjectRecordFromQuery
            | I::HitObjectRecordFromQueryKind
            | I::HitObjectExecuteShader
            | I::HitObjectGetAttributes
            | I::HitObjectSetSbtRecordIndex
            | I::HitObjectReorder
            | I::ReorderThread
            | I::HitObjectReorderExecute
            | I::HitObjectTraceReorderExecute
            | I::HitObjectTraceMotionReorderExecute
            | I::HitObjectLoad => {
                return Err(Error::Unsupported(format!(
                    "`{}`: ray tracing, ray queries and hit objects have no acceleration \
                     structures to run against in the CPU interpreter",
                    info.name
                )))
            }
            // Added for lowering gaps (helper C): bindless handles and vector image atomics.
            I::OpaqueHandle
            | I::ImageDerefAtomicVec
            | I::TexGatherQcom
            | I::TexGatherOffsetQcom
            | I::ImageProcessingQcom
            | I::TileImageRead
            | I::FragmentFetchAmd
            | I::ImageFootprintNv => {
                return Err(Error::Unsupported(format!(
                    "`{}` is not supported by the interpreter (bindless texture handles, \
                     GL_NV_shader_atomic_fp16_vector image atomics, QCOM extended gathers \
                     and image processing, tile image reads, AMD fragment mask fetches, NV \
                     texture footprints)",
                    info.name
                )))
            }
            I::SetVertexAndPrimitiveCount | I::LaunchMeshWorkgroups => {
                return Err(Error::Unsupported(format!(
                    "`{}`: the interpreter does not run task or mesh shaders",
                    info.name
                )))
            }
            I::LoadUbo
            | I::LoadSsbo
            | I::StoreSsbo
            | I::LoadPushConstant
            | I::LoadShared
            | I::StoreShared
            | I::LoadInput
            | I::LoadPerVertexInput
            | I::StoreOutput
            | I::LoadUniform => {
                return Err(Error::Unsupported(format!(
                    "`{}`: the interpreter runs shaders before I/O lowering (deref form)",
                    info.name
                )))
            }
            // GL_EXT_spirv_intrinsics instructions (issue 5): SPIR-V only.
            I::SpirvInstruction | I::SpirvInstructionValue => {
                return Err(Error::Unsupported(format!(
                    "`{}` (a GL_EXT_spirv_intrinsics `spirv_instruction`, SPIR-V instruction \
                     {}) is not run by the interpreter",
                    info.name,
                    x.index(fresnel_ir::IndexKind::Base).unwrap_or(-1)
                )))
            }
            // Operations on vendor extension types (issue 4): kept in the IR, not run.
            I::VendorOp | I::VendorOpValue => {
                return Err(Error::Unsupported(fresnel_ir::vendor::describe(
                    &self.sh.types,
                    f,
                    x,
                )))
            }
            // Every row of the table is matched above (checked when this was written);
            // this arm only keeps rows added to the table later from breaking the build
            // while other people edit it: they report themselves as unsupported.
            #[allow(unreachable_patterns)]
            _ => {
                return Err(Error::Unsupported(format!(
                    "the interpreter does not run `{}` yet",
                    info.name
                )))
            }
        }
        Ok(())
    }

    /// (offset, leaf) of every scalar under a deref, in slot order.
    fn leaves(&self, di: &DInfo, off: u32) -> Vec<(u32, Leaf)> {
        let types = &self.sh.types;
        const LIMIT: usize = 1 << 20;
        if di.byte {
            let mut out = Vec::new();
            // A vector reached through a row-major matrix keeps its component stride.
            if let (Type::Vector { components, .. }, Some(l)) =
                (types.get(di.ty), leaf_of(types, di.ty))
            {
                for c in 0..u32::from(*components) {
                    out.push((off.saturating_add(c * di.comp_stride), l));
                }
                return out;
            }
            layout::byte_leaves(types, di.ty, off, di.mat, &mut out, LIMIT);
            out
        } else {
            let mut ls = Vec::new();
            layout::slot_leaves(types, di.ty, &mut ls, LIMIT);
            ls.into_iter()
                .enumerate()
                .map(|(k, l)| (off.saturating_add(k as u32), l))
                .collect()
        }
    }

    fn exec_subgroup(
        &mut self,
        f: &Function,
        fi: &FuncInfo,
        fr: &mut Frame,
        id: InstrId,
        x: &fresnel_ir::IntrinsicInstr,
        m: &[bool],
    ) -> Result<(), Error> {
        use Intrinsic as I;
        let n = self.n;
        let d = x.dest.expect("subgroup operations have results");
        let (db, dn) = (
            f.values[d].bit_size,
            usize::from(f.values[d].num_components),
        );
        // Subgroups are aligned runs of SUBGROUP lanes.
        const SUBGROUP: usize = 32;
        let mut staged: Vec<(usize, usize, u64)> = Vec::new();
        for sg in (0..n).step_by(SUBGROUP) {
            let lanes: Vec<usize> = (sg..(sg + SUBGROUP).min(n)).filter(|&l| m[l]).collect();
            if lanes.is_empty() {
                continue;
            }
            let s0 = x.srcs.first().copied();
            let sbits = s0.map_or(32, |s| f.values[s].bit_size);
            let sc = s0.map_or(1, |s| usize::from(f.values[s].num_components));
            let val = |lane: usize, c: usize| -> u64 {
                s0.map_or(0, |s| {
                    if c < sc {
                        self.get(fi, fr, s, c, lane)
                    } else {
                        0
                    }
                })
            };
            match x.op {
                I::VoteAny | I::VoteAll | I::VoteEq => {
                    let r = match x.op {
                        I::VoteAny => lanes.iter().any(|&l| val(l, 0) & 1 != 0),
                        I::VoteAll => lanes.iter().all(|&l| val(l, 0) & 1 != 0),
                        _ => lanes
                            .iter()
                            .all(|&l| (0..sc).all(|c| val(l, c) == val(lanes[0], c))),
                    };
                    for &l in &lanes {
                        staged.push((l, 0, u64::from(r)));
                    }
                }
                I::Ballot => {
                    let mut words = [0u64; 4];
                    for &l in &lanes {
                        if val(l, 0) & 1 != 0 {
                            let k = l - sg;
                            words[k / 32] |= 1 << (k % 32);
                        }
                    }
                    for &l in &lanes {
                        for (c, w) in words.iter().enumerate().take(dn) {
                            staged.push((l, c, mask(*w, db)));
                        }
                    }
                }
                I::Elect => {
                    for &l in &lanes {
                        staged.push((l, 0, u64::from(l == lanes[0])));
                    }
                }
                I::ReadFirstInvocation | I::ReadInvocation | I::Shuffle => {
                    for &l in &lanes {
                        let from = if x.op == I::ReadFirstInvocation {
                            lanes[0]
                        } else {
                            let idx = self.get(fi, fr, x.srcs[1], 0, l) as usize;
                            (sg + idx).min(n - 1)
                        };
                        for c in 0..dn {
                            staged.push((l, c, val(from, c)));
                        }
                    }
                }
                I::Partition => {
                    // The active invocations whose value equals this one's, bit for bit.
                    for &l in &lanes {
                        let mut words = [0u64; 4];
                        for &j in &lanes {
                            if (0..sc).all(|c| val(j, c) == val(l, c)) {
                                let k = j - sg;
                                words[k / 32] |= 1 << (k % 32);
                            }
                        }
                        for (c, w) in words.iter().enumerate().take(dn) {
                            staged.push((l, c, mask(*w, db)));
                        }
                    }
                }
                I::PartitionedReduce
                | I::PartitionedInclusiveScan
                | I::PartitionedExclusiveScan => {
                    let op = x
                        .index(IndexKind::ReductionOp)
                        .and_then(ReductionOp::from_index)
                        .ok_or_else(|| Error::Invalid(format!("{id}: no reduction operation")))?;
                    let ballot = x.srcs[1];
                    for &l in &lanes {
                        // The active invocations of l's partition (the ballot l holds), up to
                        // l itself for the scans.
                        let words: Vec<u64> =
                            (0..4).map(|c| self.get(fi, fr, ballot, c, l)).collect();
                        let member = |j: usize| {
                            let k = j - sg;
                            k < 128 && (words[k / 32] >> (k % 32)) & 1 != 0
                        };
                        let set: Vec<usize> = lanes
                            .iter()
                            .copied()
                            .filter(|&j| member(j))
                            .filter(|&j| match x.op {
                                I::PartitionedInclusiveScan => j <= l,
                                I::PartitionedExclusiveScan => j < l,
                                _ => true,
                            })
                            .collect();
                        for c in 0..dn {
                            let r = set.iter().fold(reduction_identity(op, sbits), |acc, &j| {
                                reduction(op, acc, val(j, c), sbits)
                            });
                            staged.push((l, c, r));
                        }
                    }
                }
                I::Reduce | I::InclusiveScan | I::ExclusiveScan => {
                    let op = x
                        .index(IndexKind::ReductionOp)
                        .and_then(ReductionOp::from_index)
                        .ok_or_else(|| Error::Invalid(format!("{id}: no reduction operation")))?;
                    // Clusters: aligned runs of `size` invocations of the subgroup; only the
                    // active ones contribute (0: the whole subgroup).
                    let size = x
                        .index(IndexKind::ClusterSize)
                        .filter(|&c| c > 0)
                        .map_or(SUBGROUP, |c| (c as usize).min(SUBGROUP));
                    for c in 0..dn {
                        let ident = reduction_identity(op, sbits);
                        for cluster in lanes.chunk_by(|&a, &b| (a - sg) / size == (b - sg) / size) {
                            let total = cluster
                                .iter()
                                .fold(ident, |acc, &l| reduction(op, acc, val(l, c), sbits));
                            let mut acc = ident;
                            for &l in cluster {
                                let v = val(l, c);
                                let r = match x.op {
                                    I::Reduce => total,
                                    I::InclusiveScan => {
                                        acc = reduction(op, acc, v, sbits);
                                        acc
                                    }
                                    _ => {
                                        let before = acc;
                                        acc = reduction(op, acc, v, sbits);
                                        before
                                    }
                                };
                                staged.push((l, c, r));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for (lane, c, v) in staged {
            self.set(fi, fr, d, c, lane, v);
        }
        Ok(())
    }

    // ---- helpers for the texture module ----

    pub(crate) fn value(
        &self,
        fi: &FuncInfo,
        fr: &Frame,
        v: ValueId,
        c: usize,
        lane: usize,
    ) -> u64 {
        self.get(fi, fr, v, c, lane)
    }

    pub(crate) fn set_value(
        &self,
        fi: &FuncInfo,
        fr: &mut Frame,
        v: ValueId,
        c: usize,
        lane: usize,
        x: u64,
    ) {
        self.set(fi, fr, v, c, lane, x)
    }

    pub(crate) fn deref_ptr(
        &self,
        f: &Function,
        fi: &FuncInfo,
        fr: &Frame,
        v: ValueId,
        lane: usize,
    ) -> Result<(usize, u32, DInfo), Error> {
        self.deref_at(f, fi, fr, v, lane)
    }
}

/// The identity of a subgroup reduction (what an exclusive scan gives the first
/// invocation).
fn reduction_identity(op: ReductionOp, bits: u8) -> u64 {
    match op {
        ReductionOp::Iand | ReductionOp::Umin => mask(u64::MAX, bits),
        ReductionOp::Imin => mask(
            (i64::MAX >> (64 - u32::from(bits.clamp(1, 64)))) as u64,
            bits,
        ),
        ReductionOp::Imax => mask(
            (i64::MIN >> (64 - u32::from(bits.clamp(1, 64)))) as u64,
            bits,
        ),
        ReductionOp::Fmin => fput(f64::INFINITY, bits),
        ReductionOp::Fmax => fput(f64::NEG_INFINITY, bits),
        ReductionOp::Fadd => fput(0.0, bits),
        ReductionOp::Fmul => fput(1.0, bits),
        ReductionOp::Imul => 1,
        ReductionOp::Iadd | ReductionOp::Umax | ReductionOp::Ior | ReductionOp::Ixor => 0,
    }
}

/// One step of a subgroup reduction: `a op b`.
fn reduction(op: ReductionOp, a: u64, b: u64, bits: u8) -> u64 {
    let bits = if bits == 1 { 32 } else { bits };
    let (x, y) = (mask(a, bits), mask(b, bits));
    match op {
        ReductionOp::Imul => mask(x.wrapping_mul(y), bits),
        ReductionOp::Fmul => fput(fget(x, bits) * fget(y, bits), bits),
        _ => {
            let aop = match op {
                ReductionOp::Iadd => AtomicOp::Iadd,
                ReductionOp::Fadd => AtomicOp::Fadd,
                ReductionOp::Imin => AtomicOp::Imin,
                ReductionOp::Umin => AtomicOp::Umin,
                ReductionOp::Fmin => AtomicOp::Fmin,
                ReductionOp::Imax => AtomicOp::Imax,
                ReductionOp::Umax => AtomicOp::Umax,
                ReductionOp::Fmax => AtomicOp::Fmax,
                ReductionOp::Iand => AtomicOp::Iand,
                ReductionOp::Ior => AtomicOp::Ior,
                _ => AtomicOp::Ixor,
            };
            atomic(aop, x, y, 0, bits).unwrap_or(x)
        }
    }
}

/// The new value of an atomic operation (`None`: nothing is stored).
fn atomic(op: AtomicOp, old: u64, data: u64, cmp: u64, bits: u8) -> Option<u64> {
    let bits = if bits == 1 { 32 } else { bits };
    let (o, d) = (mask(old, bits), mask(data, bits));
    Some(match op {
        AtomicOp::Iadd => mask(o.wrapping_add(d), bits),
        AtomicOp::Imin => mask(sext(o, bits).min(sext(d, bits)) as u64, bits),
        AtomicOp::Imax => mask(sext(o, bits).max(sext(d, bits)) as u64, bits),
        AtomicOp::Umin => o.min(d),
        AtomicOp::Umax => o.max(d),
        AtomicOp::Iand => o & d,
        AtomicOp::Ior => o | d,
        AtomicOp::Ixor => o ^ d,
        AtomicOp::Xchg | AtomicOp::Store => d,
        AtomicOp::CmpXchg => {
            if o == mask(cmp, bits) {
                d
            } else {
                return None;
            }
        }
        AtomicOp::Fadd => fput(fget(o, bits) + fget(d, bits), bits),
        AtomicOp::Fmin => atomic_fminmax(o, d, bits, false),
        AtomicOp::Fmax => atomic_fminmax(o, d, bits, true),
        AtomicOp::Inc => mask(o.wrapping_add(1), bits),
        AtomicOp::Dec => mask(o.wrapping_sub(1), bits),
        AtomicOp::Load => return None,
    })
}

/// An atomic float minimum or maximum of the stored bits `o` and the operand bits `d`, as
/// GL_INTEL_shader_atomic_float_minmax gives it: a signaling NaN wins (the stored one when
/// both are), a quiet NaN yields the other operand, otherwise the smaller (larger) value,
/// the stored one on a tie. The result is one operand's bits unchanged: no conversion
/// through `f64` (which quiets a signaling NaN) and no `f64::min` (whose NaN handling is the
/// C library's `fmin` in unoptimized builds and an inline sequence in optimized ones).
fn atomic_fminmax(o: u64, d: u64, bits: u8, max: bool) -> u64 {
    let (exponent, quiet, mantissa): (u64, u64, u64) = match bits {
        16 => (0x7c00, 0x0200, 0x03ff),
        64 => (
            0x7ff0_0000_0000_0000,
            0x0008_0000_0000_0000,
            0x000f_ffff_ffff_ffff,
        ),
        _ => (0x7f80_0000, 0x0040_0000, 0x007f_ffff),
    };
    let nan = |x: u64| x & exponent == exponent && x & mantissa != 0;
    let signaling = |x: u64| nan(x) && x & quiet == 0;
    if signaling(o) {
        return o;
    }
    if signaling(d) {
        return d;
    }
    if nan(o) {
        return d;
    }
    if nan(d) {
        return o;
    }
    let (a, b) = (fget(o, bits), fget(d, bits));
    if (max && b > a) || (!max && b < a) {
        d
    } else {
        o
    }
}

pub(crate) fn read_bytes(b: &[u8], off: u32, leaf: Leaf) -> u64 {
    let size = leaf.size() as usize;
    let off = off as usize;
    let Some(bytes) = b.get(off..off.saturating_add(size)) else {
        return 0;
    };
    let mut v = 0u64;
    for (i, x) in bytes.iter().enumerate() {
        v |= u64::from(*x) << (8 * i);
    }
    v
}

pub(crate) fn write_bytes(b: &mut [u8], off: u32, leaf: Leaf, v: u64) {
    let size = leaf.size() as usize;
    let off = off as usize;
    if let Some(bytes) = b.get_mut(off..off.saturating_add(size)) {
        for (i, x) in bytes.iter_mut().enumerate() {
            *x = (v >> (8 * i)) as u8;
        }
    }
}

/// The scalars of a constant in slot order.
pub(crate) fn flatten_constant(c: &fresnel_ir::Constant, out: &mut Vec<u64>) {
    match c {
        fresnel_ir::Constant::Vector(v) => out.extend_from_slice(v),
        fresnel_ir::Constant::Composite(parts) => {
            for p in parts {
                if out.len() > 1 << 22 {
                    return;
                }
                flatten_constant(p, out);
            }
        }
    }
}

/// [`atomic`] for the texture module.
pub(crate) fn atomic_pub(op: AtomicOp, old: u64, data: u64, cmp: u64, bits: u8) -> Option<u64> {
    atomic(op, old, data, cmp, bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GL_INTEL_shader_atomic_float_minmax's NaN rules on 32-bit floats, bits kept exactly.
    #[test]
    fn float_atomic_min_max_on_nans() {
        let snan = 0x7f80_1234u64; // signaling: quiet bit clear, mantissa not zero
        let neg_snan = 0xff80_0001u64;
        let qnan = 0x7fc0_0042u64;
        let one = u64::from(1.0f32.to_bits());
        let two = u64::from(2.0f32.to_bits());
        let min = |o, d| atomic(AtomicOp::Fmin, o, d, 0, 32).expect("stores");
        let max = |o, d| atomic(AtomicOp::Fmax, o, d, 0, 32).expect("stores");
        // A signaling NaN wins, the stored one first.
        assert_eq!(min(snan, one), snan);
        assert_eq!(min(one, snan), snan);
        assert_eq!(min(qnan, snan), snan);
        assert_eq!(max(neg_snan, snan), neg_snan);
        // A quiet NaN yields the other operand.
        assert_eq!(min(qnan, two), two);
        assert_eq!(max(one, qnan), one);
        assert_eq!(min(qnan, 0x7fc0_0001), 0x7fc0_0001);
        // Numbers.
        assert_eq!(min(one, two), one);
        assert_eq!(max(one, two), two);
        assert_eq!(min(two, one), one);
        // 16 and 64 bits.
        assert_eq!(atomic(AtomicOp::Fmin, 0x7c01, 0x3c00, 0, 16), Some(0x7c01));
        assert_eq!(
            atomic(
                AtomicOp::Fmax,
                0x7ff8_0000_0000_0000,
                2.5f64.to_bits(),
                0,
                64
            ),
            Some(2.5f64.to_bits())
        );
    }
}
