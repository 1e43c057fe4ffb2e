//! Decorations on result ids (issue 5): `NonUniform` (GL_EXT_nonuniform_qualifier) and
//! `RelaxedPrecision` on instructions, from the IR's value flags
//! ([`fresnel_ir::ValueFlags`]).
//!
//! After each IR instruction is written, [`after_instr`] looks at its results and at the
//! words it wrote:
//!
//! * **NonUniform**, as glslang decorates: a value is non-uniform when it is marked, or an
//!   ALU result reading one, or a deref whose parent or index is one, or a `load_deref`
//!   through one (the closure is computed by [`NonUniform`], not stored in the IR, so
//!   passes that rebuild arithmetic cannot lose it; only the marks made by the lowering,
//!   `mov`s and derefs, must survive). Such results are decorated (a marked `mov` becomes an
//!   `OpCopyObject`, like glslang's); so are the loads of images and samplers through a
//!   non-uniform deref, the `OpSampledImage`/`OpImage` made from them and the
//!   `OpImageTexelPointer` of image atomics, i.e. the operands Vulkan requires the
//!   decoration on. Capabilities: `ShaderNonUniform` (core in
//!   SPIR-V 1.5, else with SPV_EXT_descriptor_indexing) and the
//!   `*ArrayNonUniformIndexing` capability of each kind of descriptor array indexed by a
//!   non-uniform value.
//! * **RelaxedPrecision** on results marked `relaxed` that are 32-bit numbers (glslang
//!   never decorates booleans, and 16/64-bit types have their own precision).
//!
//! Only ids the instruction itself created are decorated (never a constant, a global or a
//! value reused from an earlier instruction).

use fresnel_ir::{
    BaseType, DerefKind, Function, InstrKind, Intrinsic, SamplerDim, Type, ValueId, VarMode,
};
use rustc_hash::FxHashMap;

use super::func::{FuncCx, Val};
use super::spec::{decor, op};

/// SPIR-V enumerants used here.
mod en {
    pub const NON_UNIFORM: u32 = 5300;
    pub const SHADER_NON_UNIFORM: u32 = 5301;
    pub const UNIFORM_BUFFER_ARRAY_NON_UNIFORM_INDEXING: u32 = 5306;
    pub const SAMPLED_IMAGE_ARRAY_NON_UNIFORM_INDEXING: u32 = 5307;
    pub const STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING: u32 = 5308;
    pub const STORAGE_IMAGE_ARRAY_NON_UNIFORM_INDEXING: u32 = 5309;
    pub const INPUT_ATTACHMENT_ARRAY_NON_UNIFORM_INDEXING: u32 = 5310;
    pub const UNIFORM_TEXEL_BUFFER_ARRAY_NON_UNIFORM_INDEXING: u32 = 5311;
    pub const STORAGE_TEXEL_BUFFER_ARRAY_NON_UNIFORM_INDEXING: u32 = 5312;
    pub const COPY_OBJECT: u16 = 83;
}

/// Where the module stood before an instruction was written.
#[derive(Copy, Clone, Debug)]
pub struct Mark {
    next_id: u32,
    code_len: usize,
    globals_len: usize,
}

impl Mark {
    pub fn take(cx: &FuncCx<'_, '_>) -> Mark {
        Mark {
            next_id: cx.m.next_id,
            code_len: cx.code.words.len(),
            globals_len: cx.m.globals.words.len(),
        }
    }
}

/// Most values one non-uniformity query visits (deeper chains count as uniform: the
/// decoration is then missing, never wrong).
const QUERY_BUDGET: usize = 4096;

/// Which values of a function are non-uniform (see the module docs), computed on demand.
pub struct NonUniform<'f> {
    f: &'f Function,
    any: bool,
    memo: FxHashMap<ValueId, bool>,
}

impl<'f> NonUniform<'f> {
    /// Whether any value of `f` is marked non-uniform.
    pub fn any_in(f: &Function) -> bool {
        f.value_flags.values().any(|fl| fl.non_uniform)
    }

    /// `any`: [`NonUniform::any_in`] of `f` (performance: asked once per function, not
    /// once per block).
    pub fn new(f: &'f Function, any: bool) -> NonUniform<'f> {
        NonUniform {
            f,
            any,
            memo: FxHashMap::default(),
        }
    }

    /// The sources through which non-uniformity flows into `v` (none: `v` is a leaf).
    fn inputs(&self, v: ValueId) -> smallvec::SmallVec<[ValueId; 4]> {
        let Some(d) = self.f.values.get(v) else {
            return smallvec::SmallVec::new();
        };
        match &self.f.instrs[d.def].kind {
            InstrKind::Alu(a) => a.srcs.iter().map(|s| s.value).collect(),
            InstrKind::Deref(x) => match x.kind {
                DerefKind::Var(_) => smallvec::SmallVec::new(),
                DerefKind::Array { parent, index } => smallvec::smallvec![parent, index],
                DerefKind::Struct { parent, .. } | DerefKind::Cast { parent } => {
                    smallvec::smallvec![parent]
                }
            },
            InstrKind::Intrinsic(x) if x.op == Intrinsic::LoadDeref => {
                x.srcs.iter().copied().collect()
            }
            _ => smallvec::SmallVec::new(),
        }
    }

    pub fn is(&mut self, v: ValueId) -> bool {
        if !self.any {
            return false;
        }
        if let Some(&r) = self.memo.get(&v) {
            return r;
        }
        // Depth-first over the inputs with an explicit stack (post-order), memoized.
        let mut stack: Vec<(ValueId, bool)> = vec![(v, false)];
        let mut visited = 0usize;
        while let Some((x, expanded)) = stack.pop() {
            if self.memo.contains_key(&x) {
                continue;
            }
            if self.f.flags(x).non_uniform {
                self.memo.insert(x, true);
                continue;
            }
            let ins = self.inputs(x);
            if expanded {
                let r = ins.iter().any(|i| self.memo.get(i) == Some(&true));
                self.memo.insert(x, r);
                continue;
            }
            visited += 1;
            if visited > QUERY_BUDGET {
                break;
            }
            stack.push((x, true));
            for i in ins {
                if !self.memo.contains_key(&i) {
                    stack.push((i, false));
                }
            }
        }
        self.memo.get(&v).copied().unwrap_or(false)
    }
}

/// Whether `id` was created by the instruction written since `mark` (not a constant or type
/// made on the way, nor an id from before).
fn fresh(cx: &FuncCx<'_, '_>, mark: Mark, id: u32) -> bool {
    if id < mark.next_id {
        return false;
    }
    // Types and constants made since the mark: their result id is word 1 or 2.
    let g = &cx.m.globals.words;
    let mut i = mark.globals_len;
    while i < g.len() {
        let n = (g[i] >> 16) as usize;
        if g.get(i + 1) == Some(&id) || (n > 2 && g.get(i + 2) == Some(&id)) {
            return false;
        }
        i += n.max(1);
    }
    true
}

/// The instructions written since `mark` into the function's code: (opcode, operands).
fn written(cx: &FuncCx<'_, '_>, mark: Mark) -> Vec<(u16, Vec<u32>)> {
    let w = &cx.code.words;
    let mut out = Vec::new();
    let mut i = mark.code_len;
    while i < w.len() {
        let n = (w[i] >> 16) as usize;
        let opc = (w[i] & 0xffff) as u16;
        let end = (i + n.max(1)).min(w.len());
        out.push((opc, w[i + 1..end].to_vec()));
        i += n.max(1);
    }
    out
}

fn decorate_once(cx: &mut FuncCx<'_, '_>, id: u32, d: u32) {
    cx.m.decorate(id, d, &[]);
}

fn non_uniform_caps(cx: &mut FuncCx<'_, '_>) {
    cx.m.cap(en::SHADER_NON_UNIFORM);
    if cx.m.version() < (1, 5) {
        cx.m.exts.insert("SPV_EXT_descriptor_indexing");
    }
}

/// The `*ArrayNonUniformIndexing` capability for indexing the descriptor array variable
/// behind `parent` (a `deref_var`) to reach an element of type `elem` in `mode`.
fn indexing_cap(cx: &FuncCx<'_, '_>, parent: ValueId, elem: fresnel_ir::TypeId) -> Option<u32> {
    let f = cx.f;
    let InstrKind::Deref(p) = &f.instrs[f.values.get(parent)?.def].kind else {
        return None;
    };
    let DerefKind::Var(var) = p.kind else {
        return None;
    };
    let v = &cx.m.shader.vars[var];
    if !matches!(cx.m.shader.types.get(v.ty), Type::Array { .. }) {
        return None;
    }
    Some(match (v.mode, cx.m.shader.types.get(elem)) {
        (VarMode::Ubo, _) => en::UNIFORM_BUFFER_ARRAY_NON_UNIFORM_INDEXING,
        (VarMode::Ssbo, _) => en::STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING,
        (_, Type::Sampler { dim, .. } | Type::Image { dim, .. })
            if matches!(dim, SamplerDim::Subpass | SamplerDim::SubpassMs) =>
        {
            en::INPUT_ATTACHMENT_ARRAY_NON_UNIFORM_INDEXING
        }
        (
            _,
            Type::Sampler {
                dim: SamplerDim::Buffer,
                ..
            },
        ) => en::UNIFORM_TEXEL_BUFFER_ARRAY_NON_UNIFORM_INDEXING,
        (_, Type::Sampler { .. }) => en::SAMPLED_IMAGE_ARRAY_NON_UNIFORM_INDEXING,
        (
            _,
            Type::Image {
                dim: SamplerDim::Buffer,
                ..
            },
        ) => en::STORAGE_TEXEL_BUFFER_ARRAY_NON_UNIFORM_INDEXING,
        (_, Type::Image { .. }) => en::STORAGE_IMAGE_ARRAY_NON_UNIFORM_INDEXING,
        _ => return None,
    })
}

/// The values instruction `kind` defines, in [`InstrKind::dests`]' order (performance: a
/// borrowed slice, no list built per instruction).
#[inline]
pub(super) fn dest_slice(kind: &InstrKind) -> &[ValueId] {
    match kind {
        InstrKind::Alu(a) => std::slice::from_ref(&a.dest),
        InstrKind::Intrinsic(i) => i.dest.as_slice(),
        InstrKind::Tex(t) => std::slice::from_ref(&t.dest),
        InstrKind::Deref(d) => std::slice::from_ref(&d.dest),
        InstrKind::LoadConst { dest, .. }
        | InstrKind::Undef { dest }
        | InstrKind::Phi { dest, .. } => std::slice::from_ref(dest),
        InstrKind::Call { dests, .. } => dests,
        InstrKind::Jump(_) => &[],
    }
}

/// Which values of `f` are marked `relaxed`, by value index (empty: none is; performance:
/// one pass over the flags per function, not a flag-table search per result).
pub fn relaxed_values(f: &Function) -> Vec<bool> {
    let mut out = Vec::new();
    for (&v, fl) in &f.value_flags {
        if fl.relaxed {
            if out.is_empty() {
                out = vec![false; f.values.len()];
            }
            if let Some(r) = out.get_mut(v.0 as usize) {
                *r = true;
            }
        }
    }
    out
}

/// The decorations of the instruction `kind` just written (see the module docs).
/// (Performance: in line, a few tests per instruction; the non-uniform walk and the
/// decorating out of line.)
#[inline(always)]
pub fn after_instr(cx: &mut FuncCx<'_, '_>, nu: &mut NonUniform<'_>, kind: &InstrKind, mark: Mark) {
    // (Without non-uniform values nothing below is non-uniform: performance, no walk.)
    if nu.any {
        non_uniform_after(cx, nu, kind, dest_slice(kind), mark);
    }
    // RelaxedPrecision (nothing to look at in a function without relaxed-precision
    // values: performance, most functions).
    if cx.relaxed.is_empty() {
        return;
    }
    for &v in dest_slice(kind) {
        if cx.relaxed.get(v.0 as usize).copied().unwrap_or(false) {
            relaxed_after(cx, v, mark);
        }
    }
}

/// The `RelaxedPrecision` decoration of `v`, a relaxed-precision value written by the
/// instruction just written.
#[inline(never)]
fn relaxed_after(cx: &mut FuncCx<'_, '_>, v: ValueId, mark: Mark) {
    if let Val::Id(id, k) = cx.vals[v.0 as usize] {
        if k.bits == 32 && k.base != BaseType::Bool && fresh(cx, mark, id) {
            decorate_once(cx, id, decor::RELAXED_PRECISION);
        }
    }
}

/// The `NonUniform` decorations of the instruction `kind` just written, which defines
/// `dests`.
#[inline(never)]
fn non_uniform_after(
    cx: &mut FuncCx<'_, '_>,
    nu: &mut NonUniform<'_>,
    kind: &InstrKind,
    dests: &[ValueId],
    mark: Mark,
) {
    // NonUniform on results.
    for &v in dests {
        if !nu.is(v) {
            continue;
        }
        match cx.vals[v.0 as usize] {
            Val::Id(id, k) => {
                let id = if fresh(cx, mark, id) {
                    id
                } else if matches!(kind, InstrKind::Alu(a) if a.op == fresnel_ir::AluOp::Mov) {
                    // A marked `mov` that wrote nothing: a decorated copy, as glslang's.
                    let t = cx.m.kind_type(k);
                    let c = cx.m.id();
                    cx.code.inst(en::COPY_OBJECT, &[t, c, id]);
                    cx.vals[v.0 as usize] = Val::Id(c, k);
                    c
                } else {
                    continue;
                };
                non_uniform_caps(cx);
                decorate_once(cx, id, en::NON_UNIFORM);
            }
            // (A buffer reference loaded as a pointer, `refs.rs`, as its address would be.)
            Val::Ptr { id, .. } | Val::Ref(id, _) if fresh(cx, mark, id) => {
                non_uniform_caps(cx);
                decorate_once(cx, id, en::NON_UNIFORM);
            }
            _ => {}
        }
        if let InstrKind::Deref(d) = kind {
            if let DerefKind::Array { parent, index } = d.kind {
                if nu.is(index) {
                    if let Some(c) = indexing_cap(cx, parent, d.ty) {
                        cx.m.cap(c);
                    }
                }
            }
        }
    }
    // NonUniform on the image / sampler operands loaded through a non-uniform deref.
    let derefs: smallvec::SmallVec<[ValueId; 2]> = match kind {
        InstrKind::Tex(t) => t
            .srcs
            .iter()
            .filter(|(k, _)| {
                matches!(
                    k,
                    fresnel_ir::TexSrc::TextureDeref | fresnel_ir::TexSrc::SamplerDeref
                )
            })
            .map(|(_, v)| *v)
            .collect(),
        InstrKind::Intrinsic(x) if x.op.name().starts_with("image_deref") => {
            x.srcs.first().copied().into_iter().collect()
        }
        _ => smallvec::SmallVec::new(),
    };
    let ptrs: smallvec::SmallVec<[u32; 2]> = derefs
        .iter()
        .filter(|d| nu.is(**d))
        .filter_map(|d| match cx.vals[d.0 as usize] {
            Val::Ptr { id, .. } => Some(id),
            _ => None,
        })
        .collect();
    if !ptrs.is_empty() {
        let mut loaded: smallvec::SmallVec<[u32; 4]> = smallvec::SmallVec::new();
        for (opc, ops) in written(cx, mark) {
            let deco = match opc {
                op::LOAD | op::IMAGE_TEXEL_POINTER => ops.len() >= 3 && ptrs.contains(&ops[2]),
                op::SAMPLED_IMAGE | op::IMAGE => {
                    ops.len() >= 3 && ops[2..].iter().any(|x| loaded.contains(x))
                }
                _ => false,
            };
            if deco {
                loaded.push(ops[1]);
            }
        }
        if !loaded.is_empty() {
            non_uniform_caps(cx);
        }
        for id in loaded {
            decorate_once(cx, id, en::NON_UNIFORM);
        }
    }
}
