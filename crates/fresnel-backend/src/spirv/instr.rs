//! Instructions: ALU operations (SPIR-V opcodes and GLSL.std.450), derefs as access chains,
//! loads and stores, texture operations, intrinsics, calls. Values are typeless in the IR;
//! each gets a SPIR-V type (a [`Kind`]) from its defining operation, and a use that needs
//! another interpretation of the same bits gets an `OpBitcast`. Constants are materialized
//! at each use with the type the use wants.

use fresnel_ir::{
    AluOp, AluSrc, AtomicOp, BaseType, DerefKind, IndexKind, InstrKind, Intrinsic, IntrinsicInstr,
    ListRef, ReductionOp, SamplerDim, Tex, TexOp, TexSrc, Type, TypeClass, ValueId, VarMode,
};
use smallvec::SmallVec;

/// GL_EXT_abort's `abortEXT`.
mod abort;
pub(super) use abort::{is_abort, message_var};
/// GL_NV_cooperative_matrix operations (issue 5, helper V).
mod coopmat_nv;
// GL_NV_cooperative_vector operations (issue 5, helper F).
/// GL_KHR_cooperative_matrix and GL_NV_cooperative_matrix2 operations (issue 5, helper K).
mod coopmat_khr;
/// GL_QCOM_cooperative_matrix_conversion operations.
mod coopmat_qcom;
mod coopvec_nv;
mod copy;
mod footprint_nv;
mod fragment_mask_amd;
mod gaps;
/// `textureGatherOffsets` as `ConstOffsets` (issue 6).
mod gather_offsets;
pub(crate) mod image_processing_qcom;
/// GL_EXT_long_vector operations.
mod long_vector;
/// `determinant` / `inverse` as GLSL.std.450 instructions (issue 6).
mod matrix;
mod refs;
mod rt;
pub(crate) mod tile_image;
// bfloat16 / float8 operations (issue 5, helper F).
mod small_float;
// GL_ARM_tensors operations (issue 5, helper F).
mod tensor_arm;
pub(super) use rt::private_local;
/// GL_EXT_spirv_intrinsics `spirv_instruction` calls (issue 5).
mod spirv_instruction;
/// The vendor operations are rejected (issue 4).
pub(crate) mod vendor;

use super::func::{FuncCx, Val};
use super::spec::{cap, glsl, image_operands as io, op};
use super::types::Kind;
use super::{Module, Result, SpirvError};

fn class_base(c: TypeClass) -> Option<BaseType> {
    match c {
        TypeClass::Any => None,
        TypeClass::Float => Some(BaseType::Float),
        TypeClass::Int => Some(BaseType::Int),
        TypeClass::Uint => Some(BaseType::Uint),
        TypeClass::Bool => Some(BaseType::Bool),
    }
}

impl FuncCx<'_, '_> {
    // ---- kinds ----

    /// Gives every value a SPIR-V type: from its operation where that says, otherwise from
    /// its sources or (constants) from how it is used. Two passes settle loop phis.
    pub fn infer_kinds(&mut self) {
        let f = self.f;
        let mut order = f.instrs_in_order();
        // Two tables in one allocation (performance): `hints`, for constants and undefs
        // from typed uses; `use_hints`, the same from uses that care about the type (not
        // two's-complement arithmetic, which is the same signed or not): the kind an
        // untyped result (a select) prefers.
        let mut both: Vec<Option<BaseType>> = vec![None; 2 * f.values.len()];
        let (hints, use_hints) = both.split_at_mut(f.values.len());
        // How many such uses want a signed and an unsigned integer.
        let mut typed_uses: Vec<[u32; 2]> = vec![[0, 0]; f.values.len()];
        for &i in &order {
            if let InstrKind::Intrinsic(x) = &f.instrs[i].kind {
                // A value stored takes the type of the memory it goes to.
                if x.op == Intrinsic::StoreDeref {
                    let b = self
                        .deref_type(x.srcs[0])
                        .and_then(|t| self.m.value_kind(t))
                        .map(|k| k.base)
                        .filter(|b| *b != BaseType::Bool);
                    if let (Some(b), Some(&v)) = (b, x.srcs.get(1)) {
                        hints[v.0 as usize].get_or_insert(b);
                        use_hints[v.0 as usize].get_or_insert(b);
                        match b {
                            BaseType::Int => typed_uses[v.0 as usize][0] += 1,
                            BaseType::Uint => typed_uses[v.0 as usize][1] += 1,
                            _ => {}
                        }
                    }
                }
            }
            if let InstrKind::Alu(a) = &f.instrs[i].kind {
                let info = a.op.info();
                let signless = matches!(
                    a.op,
                    AluOp::Iadd | AluOp::Isub | AluOp::Imul | AluOp::Ineg | AluOp::Ishl
                );
                for (k, s) in a.srcs.iter().enumerate() {
                    if let Some(b) = class_base(info.src_class[k]) {
                        hints[s.value.0 as usize].get_or_insert(b);
                        if !signless {
                            use_hints[s.value.0 as usize].get_or_insert(b);
                            match b {
                                BaseType::Int => typed_uses[s.value.0 as usize][0] += 1,
                                BaseType::Uint => typed_uses[s.value.0 as usize][1] += 1,
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
        // Two passes settle loop phis. Only the instructions whose kind reads the kinds of
        // other values (phis, untyped and two's-complement ALU results, `b2i`) can change in
        // the second (performance: the others are taken from types and hints alone, and
        // computing them again gives the same kind).
        // (One call site: the step is in line once. The second pass's list is kept at the
        // front of `order`: no allocation.)
        let mut kept = order.len();
        for pass in 0..2 {
            let n = kept;
            kept = 0;
            for j in 0..n {
                let i = order[j];
                if pass == 0 && self.kind_may_change(i) {
                    order[kept] = i;
                    kept += 1;
                }
                self.infer_kind(i, hints, use_hints, &typed_uses);
            }
        }
    }

    /// Whether the kind `infer_kind` gives instruction `i`'s result depends on the kinds
    /// of other values (and may change from the first pass to the second).
    fn kind_may_change(&self, i: fresnel_ir::InstrId) -> bool {
        let f = self.f;
        match &f.instrs[i].kind {
            InstrKind::Phi { .. } => true,
            InstrKind::Alu(a) => match class_base(a.op.info().dest_class) {
                Some(_) => matches!(a.op, AluOp::Iadd | AluOp::Isub | AluOp::Imul | AluOp::B2i),
                None => f.values[a.dest].bit_size != 1,
            },
            _ => false,
        }
    }

    /// The kind of instruction `i`'s result (one step of `infer_kinds`; in line,
    /// performance: its `or_else` chains stay in line too).
    #[inline(always)]
    fn infer_kind(
        &mut self,
        i: fresnel_ir::InstrId,
        hints: &[Option<BaseType>],
        use_hints: &[Option<BaseType>],
        typed_uses: &[[u32; 2]],
    ) {
        let f = self.f;
        let kind = &f.instrs[i].kind;
        match kind {
            InstrKind::Alu(a) => {
                let d = &f.values[a.dest];
                let info = a.op.info();
                let base = match class_base(info.dest_class) {
                    Some(_) if matches!(a.op, AluOp::Iadd | AluOp::Isub | AluOp::Imul) => {
                        self.signless_kind(a, typed_uses[a.dest.0 as usize])
                    }
                    // `b2i` gives 0 or 1, the same bits signed or not: unsigned
                    // where its readers want that.
                    Some(_) if a.op == AluOp::B2i => {
                        let wanted = use_hints[a.dest.0 as usize]
                            .or_else(|| self.vec_neighbour_kind(a.dest))
                            .or_else(|| self.kind_through_vecs(a.dest, use_hints))
                            .or_else(|| self.partner_kind(a.dest));
                        if wanted == Some(BaseType::Uint) {
                            BaseType::Uint
                        } else {
                            BaseType::Int
                        }
                    }
                    Some(b) => b,
                    None if d.bit_size == 1 => BaseType::Bool,
                    None => {
                        let srcs: &[AluSrc] = if a.op == AluOp::Bcsel {
                            &a.srcs[1..]
                        } else {
                            &a.srcs
                        };
                        // Computed sources first: a constant's kind is only a
                        // guess (`vec4(x, 0.0, 0.0, 0.0)` is as float as `x`).
                        // (A sparse lookup's residency code is an integer.)
                        let known = |s: &AluSrc| {
                            if self.reads_sparse_code(s, d.num_components) {
                                return Some(BaseType::Int);
                            }
                            self.kinds[s.value.0 as usize].map(|k| k.base)
                        };
                        let constant = |s: &AluSrc| {
                            matches!(
                                f.def(s.value).kind,
                                InstrKind::LoadConst { .. } | InstrKind::Undef { .. }
                            )
                        };
                        // Then how the result is used (`select(c, 10, 15) < i` is
                        // an int select), then the constants' kinds and uses.
                        let base = srcs
                            .iter()
                            .filter(|s| !constant(s))
                            .find_map(known)
                            .or(use_hints[a.dest.0 as usize])
                            .or_else(|| self.kind_through_vecs(a.dest, use_hints))
                            .or_else(|| self.partner_kind(a.dest))
                            .or_else(|| srcs.iter().find_map(known))
                            .or_else(|| srcs.iter().find_map(|s| hints[s.value.0 as usize]))
                            .unwrap_or(BaseType::Uint);
                        match a.op {
                            AluOp::Iand | AluOp::Ior | AluOp::Ixor | AluOp::Inot => {
                                if base == BaseType::Int {
                                    BaseType::Int
                                } else {
                                    BaseType::Uint
                                }
                            }
                            _ => base,
                        }
                    }
                };
                self.kinds[a.dest.0 as usize] = Some(Kind::new(base, d.bit_size, d.num_components));
            }
            InstrKind::LoadConst { dest, .. } | InstrKind::Undef { dest } => {
                let d = &f.values[*dest];
                let b = hints[dest.0 as usize].unwrap_or(BaseType::Uint);
                self.kinds[dest.0 as usize] = Some(Kind::new(b, d.bit_size, d.num_components));
            }
            InstrKind::Phi { dest, srcs } => {
                let d = &f.values[*dest];
                let mut base = None;
                for (_, s) in srcs {
                    let def = &f.instrs[f.values[*s].def].kind;
                    if matches!(def, InstrKind::LoadConst { .. } | InstrKind::Undef { .. }) {
                        continue;
                    }
                    if let Some(k) = self.kinds[s.0 as usize] {
                        base = Some(k.base);
                        break;
                    }
                }
                // A loop counter whose other sources are not known yet takes
                // the type its readers want (`i < 512u`) before its start
                // constant's guess.
                let base = base
                    .or(use_hints[dest.0 as usize])
                    .or_else(|| srcs.iter().find_map(|(_, s)| hints[s.0 as usize]))
                    .or(self.kinds[dest.0 as usize].map(|k| k.base))
                    .unwrap_or(BaseType::Uint);
                self.kinds[dest.0 as usize] = Some(Kind::new(base, d.bit_size, d.num_components));
            }
            InstrKind::Intrinsic(x) => {
                let Some(dest) = x.dest else { return };
                let d = &f.values[dest];
                let base = match x.op {
                    Intrinsic::LoadDeref
                    | Intrinsic::DerefAtomic
                    | Intrinsic::DerefAtomicSwap
                    | Intrinsic::InterpDerefAtCentroid
                    | Intrinsic::InterpDerefAtSample
                    | Intrinsic::InterpDerefAtOffset => self
                        .deref_type(x.srcs[0])
                        .and_then(|t| self.m.value_kind(t))
                        .map(|k| k.base),
                    Intrinsic::ImageDerefLoad
                    | Intrinsic::ImageDerefLoadLod
                    | Intrinsic::ImageDerefSparseLoad
                    | Intrinsic::ImageDerefSparseLoadLod
                    | Intrinsic::ImageDerefAtomic
                    | Intrinsic::ImageDerefAtomicSwap => {
                        self.deref_type(x.srcs[0])
                            .and_then(|t| match self.m.shader.types.get(t) {
                                Type::Image { result, .. } => Some(*result),
                                _ => None,
                            })
                    }
                    Intrinsic::ImageDerefSize | Intrinsic::ImageDerefSamples => Some(BaseType::Int),
                    // A specialization constant has its declared type.
                    Intrinsic::LoadSpecConstant => {
                        let id = x.index(fresnel_ir::IndexKind::Base);
                        self.m
                            .shader
                            .info
                            .spec_constants
                            .iter()
                            .find(|c| Some(i64::from(c.id)) == id)
                            .and_then(|c| self.m.value_kind(c.ty))
                            .map(|k| k.base)
                    }
                    _ => rt::stage_load_base(x),
                }
                .unwrap_or(BaseType::Uint);
                self.kinds[dest.0 as usize] = Some(Kind::new(base, d.bit_size, d.num_components));
            }
            InstrKind::Tex(t) => {
                let d = &f.values[t.dest];
                let base = match t.op {
                    TexOp::Txs | TexOp::QueryLevels | TexOp::TextureSamples => BaseType::Int,
                    TexOp::Lod => BaseType::Float,
                    _ => t.dest_base,
                };
                self.kinds[t.dest.0 as usize] = Some(Kind::new(base, d.bit_size, d.num_components));
            }
            InstrKind::Call { func, dests, .. } => {
                let sig = &self.m.func_sigs[func.0 as usize];
                for (d, (_, k)) in dests.iter().zip(&sig.outs) {
                    self.kinds[d.0 as usize] = Some(*k);
                }
            }
            InstrKind::Deref(_) | InstrKind::Jump(_) => {}
        }
    }

    /// The type two's-complement arithmetic (`iadd`, `isub`, `imul`: the same bits signed or
    /// not) is written in: the one fewer conversions need. Its computed sources vote (each
    /// value once: its components come from one conversion), and so do its readers: those
    /// that want a signed or an unsigned integer (`typed`), and arithmetic readers through
    /// the other computed value they combine it with. Ties go to the readers, then unsigned
    /// when every computed source is (a `uint` loop counter's increment).
    fn signless_kind(&self, a: &fresnel_ir::Alu, typed: [u32; 2]) -> BaseType {
        let f = self.f;
        let computed = |v: ValueId| {
            !matches!(
                f.def(v).kind,
                InstrKind::LoadConst { .. } | InstrKind::Undef { .. }
            )
        };
        let vote = |b: Option<BaseType>, n: &mut [u32; 2]| match b {
            Some(BaseType::Int) => n[0] += 1,
            Some(BaseType::Uint) => n[1] += 1,
            _ => {}
        };
        let mut src = [0u32; 2];
        let mut seen: SmallVec<[ValueId; 4]> = SmallVec::new();
        let mut all_uint = true;
        for s in &a.srcs {
            if !computed(s.value) || seen.contains(&s.value) {
                continue;
            }
            seen.push(s.value);
            let b = self.kinds[s.value.0 as usize].map(|k| k.base);
            all_uint &= b == Some(BaseType::Uint);
            vote(b, &mut src);
        }
        let mut uses = typed;
        for (r, j) in alu_readers(f, a.dest) {
            if !matches!(r.op, AluOp::Iadd | AluOp::Isub | AluOp::Imul) {
                continue;
            }
            for (k, o) in r.srcs.iter().enumerate() {
                if k != usize::from(j) && o.value != a.dest && computed(o.value) {
                    vote(self.kinds[o.value.0 as usize].map(|k| k.base), &mut uses);
                }
            }
        }
        let int = src[0] + uses[0];
        let uint = src[1] + uses[1];
        if int != uint {
            return if int > uint {
                BaseType::Int
            } else {
                BaseType::Uint
            };
        }
        if uses[0] != uses[1] {
            return if uses[0] > uses[1] {
                BaseType::Int
            } else {
                BaseType::Uint
            };
        }
        if all_uint && !seen.is_empty() {
            BaseType::Uint
        } else {
            BaseType::Int
        }
    }

    /// The kind of another computed component (not itself a `b2i`) of a `vecN` that gathers
    /// `v`: what the vector is written as.
    fn vec_neighbour_kind(&self, v: ValueId) -> Option<BaseType> {
        let f = self.f;
        alu_readers(f, v).find_map(|(a, _)| {
            if !(2..=4).any(|k| AluOp::vec(k) == Some(a.op)) {
                return None;
            }
            a.srcs.iter().find_map(|s| {
                let other = match &f.def(s.value).kind {
                    InstrKind::LoadConst { .. } | InstrKind::Undef { .. } => false,
                    InstrKind::Alu(x) => x.op != AluOp::B2i,
                    _ => true,
                };
                if s.value == v || !other {
                    return None;
                }
                self.kinds[s.value.0 as usize].map(|k| k.base)
            })
        })
    }

    /// What the readers of the `vecN`s (and moves) that gather `v` want: `uvec2(b0, b1) ==
    /// u` makes the selects `b0 ? 1 : 0` unsigned, so the vector needs no conversion.
    fn kind_through_vecs(&self, v: ValueId, use_hints: &[Option<BaseType>]) -> Option<BaseType> {
        let f = self.f;
        alu_readers(f, v).find_map(|(a, _)| {
            let gathers = a.op == AluOp::Mov || (2..=4).any(|k| AluOp::vec(k) == Some(a.op));
            if !gathers || f.values[a.dest].bit_size != f.values[v].bit_size {
                return None;
            }
            use_hints[a.dest.0 as usize]
                .or_else(|| self.partner_kind(a.dest))
                .filter(|b| *b != BaseType::Bool)
        })
    }

    /// The kind of a computed value that an ALU reader of `v` combines it with (`x + v`):
    /// what an untyped `v` had best be, to need no conversion there.
    fn partner_kind(&self, v: ValueId) -> Option<BaseType> {
        let f = self.f;
        alu_readers(f, v).find_map(|(a, src)| {
            a.srcs.iter().enumerate().find_map(|(j, s)| {
                let computed = !matches!(
                    f.def(s.value).kind,
                    InstrKind::LoadConst { .. } | InstrKind::Undef { .. }
                );
                if j == usize::from(src) || s.value == v || !computed {
                    return None;
                }
                self.kinds[s.value.0 as usize]
                    .map(|k| k.base)
                    .filter(|b| *b != BaseType::Bool)
            })
        })
    }

    /// Whether ALU source `s` (read for `n` components) reads only the residency code (the
    /// last component) of a sparse lookup.
    fn reads_sparse_code(&self, s: &AluSrc, n: u8) -> bool {
        let n = usize::from(n).min(4);
        let last = self.f.values[s.value].num_components.saturating_sub(1);
        let sparse = match &self.f.def(s.value).kind {
            InstrKind::Tex(t) => t.is_sparse,
            InstrKind::Intrinsic(x) => matches!(
                x.op,
                Intrinsic::ImageDerefSparseLoad | Intrinsic::ImageDerefSparseLoadLod
            ),
            _ => false,
        };
        sparse && s.swizzle[..n].iter().all(|&c| c == last)
    }

    pub(super) fn deref_type(&self, v: ValueId) -> Option<fresnel_ir::TypeId> {
        match &self.f.instrs[self.f.values[v].def].kind {
            InstrKind::Deref(d) => Some(d.ty),
            _ => None,
        }
    }

    // ---- values ----

    pub(super) fn new_id(&mut self) -> u32 {
        self.m.id()
    }

    /// `OpCompositeExtract` of `indices` from `whole`, as kind `k` (once per block).
    pub(super) fn extract_of(&mut self, k: Kind, whole: u32, indices: &[u32]) -> u32 {
        let mut args: SmallVec<[u32; 4]> = SmallVec::new();
        args.push(whole);
        args.extend_from_slice(indices);
        self.op1(op::COMPOSITE_EXTRACT, k, &args)
    }

    fn op1(&mut self, opc: u16, k: Kind, args: &[u32]) -> u32 {
        let t = self.m.kind_type(k);
        // Swizzles, extracts, splats and casts the writer makes for ALU sources: once per
        // block (the IR's CSE saw only the sources, not what writing them takes).
        let pure = matches!(
            opc,
            op::VECTOR_SHUFFLE | op::COMPOSITE_EXTRACT | op::COMPOSITE_CONSTRUCT | op::BITCAST
        );
        let id = if pure {
            let m = &mut *self.m;
            match self.pure.get_or_insert_with(opc, t, args, || m.id()) {
                (id, true) => return id,
                (id, false) => id,
            }
        } else {
            self.new_id()
        };
        self.code.inst_parts(opc, &[t, id], args);
        id
    }

    /// Loads the value of type `t` pointer `p` points to (no reuse: memory may change).
    pub(super) fn load_from(&mut self, t: u32, p: u32) -> u32 {
        let id = self.new_id();
        self.code.inst(op::LOAD, &[t, id, p]);
        id
    }

    /// Loads a texture, image or sampler handle (of type `t`) through pointer `p`: once per
    /// block (handles are read-only; in other blocks the load may not dominate).
    pub(super) fn load_handle(&mut self, t: u32, p: u32) -> u32 {
        if let Some(id) = self.pure.get(op::LOAD, t, &[p]) {
            return id;
        }
        let id = self.new_id();
        self.code.inst(op::LOAD, &[t, id, p]);
        self.pure.insert(op::LOAD, t, &[p], id);
        id
    }

    /// A GLSL.std.450 instruction (for the other writer modules).
    pub(super) fn ext_inst(&mut self, inst: u32, k: Kind, args: &[u32]) -> u32 {
        self.ext(inst, k, args)
    }

    fn ext(&mut self, inst: u32, k: Kind, args: &[u32]) -> u32 {
        let t = self.m.kind_type(k);
        let id = self.new_id();
        self.code
            .inst_parts(op::EXT_INST, &[t, id, self.m.glsl_ext, inst], args);
        id
    }

    /// Whether derivatives exist here: fragment shaders, and compute-like shaders declaring a
    /// derivative group (GL_NV/KHR_compute_shader_derivatives). Elsewhere they are zero.
    fn implicit_derivatives(&self) -> bool {
        self.m.shader.stage == fresnel_ir::Stage::Fragment || self.m.derivative_group()
    }

    /// A constant splat of `k`.
    fn splat(&mut self, k: Kind, bits: u64) -> u32 {
        let v: SmallVec<[u64; 4]> = (0..k.comps).map(|_| bits).collect();
        self.m.constant(k, &v)
    }

    fn float_bits(bits: u8, x: f64) -> u64 {
        match bits {
            16 => u64::from(fresnel_ir::float::f32_to_f16(x as f32)),
            64 => x.to_bits(),
            _ => u64::from((x as f32).to_bits()),
        }
    }

    /// Reinterprets `id` of kind `from` as kind `to` (same bit size and components).
    fn convert(&mut self, id: u32, from: Kind, to: Kind) -> Result<u32> {
        if from == to {
            return Ok(id);
        }
        if from.bits != to.bits || from.comps != to.comps {
            return Err(SpirvError::new(format!(
                "internal: value of {}x{} bits used as {}x{}",
                from.comps, from.bits, to.comps, to.bits
            )));
        }
        if from.base == BaseType::Bool || to.base == BaseType::Bool {
            return Err(SpirvError::new(
                "internal: boolean reinterpreted as non-boolean",
            ));
        }
        Ok(self.op1(op::BITCAST, to, &[id]))
    }

    /// The whole value `v`, as kind `k` (bit size and components must match).
    pub fn value_as(&mut self, v: ValueId, k: Kind) -> Result<u32> {
        // A loaded element read one component at a time, wanted whole after all.
        self.materialize(v)?;
        // (Performance: matched in place, the value not cloned.)
        match &self.vals[v.0 as usize] {
            &Val::Id(id, from) => self.convert(id, from, k),
            &Val::Ref(id, t) => self.ref_as_int(id, t, k),
            &Val::Const(c) => Ok(self.m.constant(k, &self.consts[c as usize])),
            Val::Undef => {
                let t = self.m.kind_type(k);
                Ok(self.m.undef(t))
            }
            Val::Sparse { .. } => Err(SpirvError::new(format!(
                "value {v} of more than 4 components used whole"
            ))),
            Val::Ptr { .. } | Val::Opaque(_) | Val::TransposedCol { .. } => {
                Err(SpirvError::new("internal: a deref used as a value"))
            }
            Val::None => Err(SpirvError::new(format!(
                "internal: value {v} used before its definition"
            ))),
        }
    }

    /// The kind a value has as written (constants: their inferred kind).
    pub(super) fn natural_kind(&self, v: ValueId) -> Kind {
        match &self.vals[v.0 as usize] {
            Val::Id(_, k) => *k,
            // A buffer reference pointer: an address, as `uint64_t`.
            Val::Ref(..) => Kind::new(BaseType::Uint, 64, 1),
            _ => self.kind_of(v),
        }
    }

    /// An ALU source: `n` components through the swizzle, as base `want` (or as it is).
    pub(super) fn alu_src(
        &mut self,
        s: &AluSrc,
        n: u8,
        want: Option<BaseType>,
    ) -> Result<(u32, Kind)> {
        let d = &self.f.values[s.value];
        let (vbits, vcomps) = (d.bit_size, d.num_components);
        let nat = self.natural_kind(s.value);
        let base = if vbits == 1 {
            BaseType::Bool
        } else {
            want.filter(|b| *b != BaseType::Bool).unwrap_or(nat.base)
        };
        let sw = &s.swizzle[..n as usize];
        let identity = n == vcomps && sw.iter().enumerate().all(|(i, &c)| c as usize == i);
        let vk = Kind::new(base, vbits, vcomps);
        let k = Kind::new(base, vbits, n);
        if let Val::Sparse {
            texel,
            tk: orig,
            code,
        } = self.vals[s.value.0 as usize]
        {
            let tk = Kind::new(base, orig.bits, orig.comps);
            // Each part converted only when read (the code is an integer of the texel's
            // bit size).
            let texel = if sw.iter().any(|&c| c < tk.comps) {
                self.convert(texel, orig, tk)?
            } else {
                texel
            };
            let code = if sw.iter().any(|&c| c >= tk.comps) {
                self.convert(code, Kind::new(BaseType::Int, orig.bits, 1), tk.scalar())?
            } else {
                code
            };
            let in_texel = sw.iter().all(|&c| c < tk.comps);
            if in_texel && n == tk.comps && sw.iter().enumerate().all(|(i, &c)| c as usize == i) {
                return Ok((texel, k));
            }
            if in_texel && n > 1 {
                let mut args: SmallVec<[u32; 6]> = smallvec::smallvec![texel, texel];
                args.extend(sw.iter().map(|&c| u32::from(c)));
                return Ok((self.op1(op::VECTOR_SHUFFLE, k, &args), k));
            }
            let mut ids = SmallVec::<[u32; 4]>::new();
            for &c in sw {
                ids.push(if c < tk.comps {
                    self.op1(op::COMPOSITE_EXTRACT, k.scalar(), &[texel, u32::from(c)])
                } else {
                    code
                });
            }
            if n == 1 {
                return Ok((ids[0], k));
            }
            return Ok((self.op1(op::COMPOSITE_CONSTRUCT, k, &ids), k));
        }
        if matches!(self.vals[s.value.0 as usize], Val::None) {
            // A loaded matrix column read one component at a time: extracted from the
            // matrix directly.
            if n == 1 {
                if let Some((id, ek)) = self.scalar_of_element(s.value, sw[0])? {
                    let want = Kind::new(base, ek.bits, 1);
                    return Ok((self.convert(id, ek, want)?, want));
                }
            }
            self.materialize(s.value)?;
        }
        if let &Val::Const(c) = &self.vals[s.value.0 as usize] {
            let bits = &self.consts[c as usize];
            let picked: SmallVec<[u64; 4]> = sw
                .iter()
                .map(|&c| bits.get(c as usize).copied().unwrap_or(0))
                .collect();
            return Ok((self.m.constant(k, &picked), k));
        }
        if !identity {
            // A swizzle read in several blocks, written where the value was made.
            let key = (s.value, super::hoist::Swizzle::from_slice(sw));
            if let Some(&(id, hk)) = self.hoisted.written.get(&key) {
                return Ok((self.convert(id, hk, k)?, k));
            }
        }
        let whole = self.value_as(s.value, vk)?;
        if identity {
            return Ok((whole, k));
        }
        let id = if vcomps == 1 {
            if n == 1 {
                whole
            } else {
                let parts: SmallVec<[u32; 4]> = smallvec::smallvec![whole; n as usize];
                self.op1(op::COMPOSITE_CONSTRUCT, k, &parts)
            }
        } else if n == 1 {
            self.op1(op::COMPOSITE_EXTRACT, k, &[whole, u32::from(sw[0])])
        } else {
            // (Performance: on the stack, as the cache key in `op1` is.)
            let mut args: SmallVec<[u32; 6]> = smallvec::smallvec![whole, whole];
            args.extend(sw.iter().map(|&c| u32::from(c)));
            self.op1(op::VECTOR_SHUFFLE, k, &args)
        };
        Ok((id, k))
    }

    /// The first `n` components of an integer value as it is, signed or unsigned (image
    /// coordinates and sample numbers take either).
    fn int_prefix(&mut self, v: ValueId, n: u8) -> Result<u32> {
        let s = self.through_vec(v, n);
        let b = match self.natural_kind(s.value).base {
            BaseType::Uint => BaseType::Uint,
            _ => BaseType::Int,
        };
        Ok(self.alu_src(&s, n, Some(b))?.0)
    }

    /// The first `n` components of a value, as base `want`.
    fn prefix(&mut self, v: ValueId, n: u8, want: BaseType) -> Result<u32> {
        let s = self.through_vec(v, n);
        Ok(self.alu_src(&s, n, Some(want))?.0)
    }

    /// The first `n` components of `v` read from where they come from when `v` is a `vecN`
    /// or `mov` whose first `n` components are all of one value: a coordinate padded to
    /// four components (`vec4(c, 0, 0, 0)`) is then `c` itself, not the padded vector
    /// written and taken apart again.
    fn through_vec(&self, v: ValueId, n: u8) -> AluSrc {
        let InstrKind::Alu(a) = &self.f.def(v).kind else {
            return AluSrc::new(v);
        };
        let n = usize::from(n.min(4));
        if a.op == AluOp::Mov {
            return a.srcs[0];
        }
        let is_vec = (2..=4).any(|k| AluOp::vec(k) == Some(a.op));
        if !is_vec || a.srcs.len() < n || n == 0 {
            return AluSrc::new(v);
        }
        let w = a.srcs[0].value;
        if a.srcs[..n].iter().any(|s| s.value != w) {
            return AluSrc::new(v);
        }
        let mut swz = [0u8; 4];
        for (i, s) in a.srcs[..n].iter().enumerate() {
            swz[i] = s.swizzle[0];
        }
        AluSrc::swizzled(w, swz)
    }

    fn set(&mut self, v: ValueId, id: u32, k: Kind) {
        self.vals[v.0 as usize] = Val::Id(id, k);
    }

    /// `v` is the constant `bits` ([`Val::Const`]).
    fn set_const(&mut self, v: ValueId, bits: SmallVec<[u64; 4]>) {
        let i = self.consts.len() as u32;
        self.consts.push(bits);
        self.vals[v.0 as usize] = Val::Const(i);
    }

    // ---- instructions ----

    pub fn emit_instr(&mut self, kind: &InstrKind) -> Result<()> {
        match kind {
            InstrKind::Alu(a) => self.emit_alu(a),
            InstrKind::LoadConst { dest, values } => {
                self.set_const(*dest, values.clone());
                Ok(())
            }
            InstrKind::Undef { dest } => {
                self.vals[dest.0 as usize] = Val::Undef;
                Ok(())
            }
            InstrKind::Deref(d) => self.emit_deref(d),
            InstrKind::Intrinsic(x) => self.emit_intrinsic(x),
            InstrKind::Tex(t) => self.emit_tex(t),
            InstrKind::Call { func, args, dests } => {
                let sig = self.m.func_sigs[func.0 as usize].clone();
                let fid = self.m.func_ids[func.0 as usize];
                let mut ops = vec![sig.ret_type, self.new_id(), fid];
                for (a, &(var, k)) in args.iter().zip(&sig.ins) {
                    // (Buffer references held as pointers are passed as pointers.)
                    let t = self.m.param_type(var, k)?;
                    if self.m.ref_ptrs.contains_key(&t) {
                        ops.push(self.value_as_ref(*a, t)?);
                    } else {
                        ops.push(self.value_as(*a, k)?);
                    }
                }
                let id = ops[1];
                self.code.inst(op::FUNCTION_CALL, &ops);
                let one = sig.outs.len() == 1;
                for (i, (d, &(var, k))) in dests.iter().zip(&sig.outs).enumerate() {
                    let t = self.m.param_type(var, k)?;
                    let e = if one {
                        id
                    } else if self.m.ref_ptrs.contains_key(&t) {
                        let e = self.new_id();
                        self.code.inst(op::COMPOSITE_EXTRACT, &[t, e, id, i as u32]);
                        e
                    } else {
                        self.op1(op::COMPOSITE_EXTRACT, k, &[id, i as u32])
                    };
                    if self.m.ref_ptrs.contains_key(&t) {
                        self.vals[d.0 as usize] = Val::Ref(e, t);
                    } else {
                        self.set(*d, e, k);
                    }
                }
                Ok(())
            }
            InstrKind::Phi { .. } | InstrKind::Jump(_) => Ok(()),
        }
    }

    /// Whether `vecN` result `v` is read only as image coordinates that `through_vec` takes
    /// from its sources (`imageStore(img, ivec2(x, y))` padded to four components): then the
    /// padded vector is never written.
    fn only_padded_image_coord(&self, v: ValueId) -> bool {
        let uses = &self.f.values[v].uses;
        !uses.is_empty()
            && uses.iter().all(|u| {
                let fresnel_ir::Use::Instr { instr, src: 1 } = *u else {
                    return false;
                };
                let InstrKind::Intrinsic(x) = &self.f.instrs[instr].kind else {
                    return false;
                };
                let coord_op = matches!(
                    x.op,
                    Intrinsic::ImageDerefLoad
                        | Intrinsic::ImageDerefStore
                        | Intrinsic::ImageDerefAtomic
                        | Intrinsic::ImageDerefAtomicSwap
                        | Intrinsic::ImageDerefLoadLod
                        | Intrinsic::ImageDerefStoreLod
                        | Intrinsic::ImageDerefSparseLoad
                        | Intrinsic::ImageDerefSparseLoadLod
                );
                if !coord_op || x.srcs[0] == v {
                    return false;
                }
                let Some(Type::Image { dim, array, .. }) = self
                    .deref_type(x.srcs[0])
                    .map(|t| self.m.shader.types.get(t))
                else {
                    return false;
                };
                let n = image_coord_components(*dim, *array);
                self.through_vec(v, n).value != v
            })
    }

    fn emit_alu(&mut self, a: &fresnel_ir::Alu) -> Result<()> {
        const OP_VECTOR_EXTRACT_DYNAMIC: u16 = 77;
        // Arithmetic on specialization constants: `OpSpecConstantOp` (spec.rs).
        if self.spec_alu(a)? {
            return Ok(());
        }
        use AluOp as A;
        if (2..=4).any(|k| AluOp::vec(k) == Some(a.op)) && self.only_padded_image_coord(a.dest) {
            return Ok(());
        }
        if self.ref_select(a)? {
            return Ok(());
        }
        let info = a.op.info();
        let d = &self.f.values[a.dest];
        let (n, dbits) = (d.num_components, d.bit_size);
        let dk = self.kind_of(a.dest);
        let src_n = |i: usize| {
            if info.src_size[i] == 0 {
                n
            } else {
                info.src_size[i]
            }
        };
        let fk = Kind::new(BaseType::Float, dbits, n);
        let bk = Kind::new(BaseType::Bool, 1, n);
        // Sources with their class.
        macro_rules! s {
            ($i:expr) => {
                self.alu_src(&a.srcs[$i], src_n($i), class_base(info.src_class[$i]))?
                    .0
            };
            ($i:expr, $b:expr) => {
                self.alu_src(&a.srcs[$i], src_n($i), Some($b))?.0
            };
        }
        let (id, k) = match a.op {
            A::Fdet2
            | A::Fdet3
            | A::Fdet4
            | A::Finverse2Col0
            | A::Finverse2Col1
            | A::Finverse3Col0
            | A::Finverse3Col1
            | A::Finverse3Col2
            | A::Finverse4Col0
            | A::Finverse4Col1
            | A::Finverse4Col2
            | A::Finverse4Col3 => match self.emit_matrix_op(a)? {
                Some(r) => r,
                None => return Err(SpirvError::new("internal: not a matrix opcode")),
            },
            A::Mov => {
                let (id, k) = self.alu_src(&a.srcs[0], n, Some(dk.base))?;
                (id, k)
            }
            A::Vec2 | A::Vec3 | A::Vec4 if self.vec_shuffle(a, dk)?.is_some() => {
                return Ok(());
            }
            A::Vec2 | A::Vec3 | A::Vec4 if self.vec_lanewise(a, dk)?.is_some() => {
                return Ok(());
            }
            A::Vec2 | A::Vec3 | A::Vec4 if self.vec_insert(a, dk)?.is_some() => {
                return Ok(());
            }
            A::Vec2 | A::Vec3 | A::Vec4 => {
                // Runs of components of one vector go in as a vector (OpCompositeConstruct
                // concatenates vector operands): the whole value, or one shuffle.
                // (Performance: inline, at most four parts.)
                let mut parts: SmallVec<[u32; 4]> = SmallVec::new();
                let mut i = 0;
                while i < a.srcs.len() {
                    let s0 = a.srcs[i];
                    let mut run = 1;
                    while i + run < a.srcs.len()
                        && a.srcs[i + run].value == s0.value
                        && a.srcs[i + run].swizzle[0] == s0.swizzle[0] + run as u8
                    {
                        run += 1;
                    }
                    let vc = self.f.values[s0.value].num_components;
                    if run > 1
                        && vc <= 4
                        && !matches!(self.vals[s0.value.0 as usize], Val::Const(_))
                    {
                        let mut src = s0;
                        for (j, c) in src.swizzle.iter_mut().enumerate().take(run) {
                            *c = s0.swizzle[0] + j as u8;
                        }
                        parts.push(self.alu_src(&src, run as u8, Some(dk.base))?.0);
                    } else {
                        for k in 0..run {
                            parts.push(self.alu_src(&a.srcs[i + k], 1, Some(dk.base))?.0);
                        }
                    }
                    i += run;
                }
                (self.op1(op::COMPOSITE_CONSTRUCT, dk, &parts), dk)
            }
            A::Bcsel => {
                // SPIR-V 1.4 selects whole vectors with a scalar condition: no broadcast.
                let sw = a.srcs[0].swizzle;
                let c = if n > 1
                    && self.m.version() >= (1, 4)
                    && sw[..n as usize].iter().all(|&x| x == sw[0])
                {
                    self.alu_src(&a.srcs[0], 1, Some(BaseType::Bool))?.0
                } else {
                    s!(0)
                };
                let x = s!(1, dk.base);
                let y = s!(2, dk.base);
                (self.op1(op::SELECT, dk, &[c, x, y]), dk)
            }
            A::Fneg => {
                let a = [s!(0)];
                (self.op1(op::F_NEGATE, fk, &a), fk)
            }
            A::Fabs => {
                let a = [s!(0)];
                (self.ext(glsl::F_ABS, fk, &a), fk)
            }
            A::Fsat => {
                let x = s!(0);
                let zero = self.splat(fk, 0);
                let one = self.splat(fk, Self::float_bits(dbits, 1.0));
                (self.ext(glsl::F_CLAMP, fk, &[x, zero, one]), fk)
            }
            A::Fsign => {
                let a = [s!(0)];
                (self.ext(glsl::F_SIGN, fk, &a), fk)
            }
            A::Ffloor => {
                let a = [s!(0)];
                (self.ext(glsl::FLOOR, fk, &a), fk)
            }
            A::Fceil => {
                let a = [s!(0)];
                (self.ext(glsl::CEIL, fk, &a), fk)
            }
            A::Ftrunc => {
                let a = [s!(0)];
                (self.ext(glsl::TRUNC, fk, &a), fk)
            }
            A::FroundEven => {
                let a = [s!(0)];
                (self.ext(glsl::ROUND_EVEN, fk, &a), fk)
            }
            A::Ffract => {
                let a = [s!(0)];
                (self.ext(glsl::FRACT, fk, &a), fk)
            }
            A::Fadd => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_ADD, fk, &a), fk)
            }
            A::Fsub => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_SUB, fk, &a), fk)
            }
            A::Fmul if self.fmul_scalar(a, fk)?.is_some() => return Ok(()),
            A::Fmul => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_MUL, fk, &a), fk)
            }
            A::Fdiv => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_DIV, fk, &a), fk)
            }
            A::Fmod => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_MOD, fk, &a), fk)
            }
            A::Ffma => {
                let a = [s!(0), s!(1), s!(2)];
                (self.ext(glsl::FMA, fk, &a), fk)
            }
            A::Flrp => {
                let a = [s!(0), s!(1), s!(2)];
                (self.ext(glsl::F_MIX, fk, &a), fk)
            }
            A::Fmin => {
                let a = [s!(0), s!(1)];
                (self.ext(glsl::F_MIN, fk, &a), fk)
            }
            A::Fmax => {
                let a = [s!(0), s!(1)];
                (self.ext(glsl::F_MAX, fk, &a), fk)
            }
            A::Fstep => {
                let a = [s!(0), s!(1)];
                (self.ext(glsl::STEP, fk, &a), fk)
            }
            A::Frcp => {
                let x = s!(0);
                let one = self.splat(fk, Self::float_bits(dbits, 1.0));
                (self.op1(op::F_DIV, fk, &[one, x]), fk)
            }
            A::Frsq => {
                let a = [s!(0)];
                (self.ext(glsl::INVERSE_SQRT, fk, &a), fk)
            }
            A::Fsqrt => {
                let a = [s!(0)];
                (self.ext(glsl::SQRT, fk, &a), fk)
            }
            A::Fexp2 => {
                let a = [s!(0)];
                (self.ext(glsl::EXP2, fk, &a), fk)
            }
            A::Flog2 => {
                let a = [s!(0)];
                (self.ext(glsl::LOG2, fk, &a), fk)
            }
            A::Fexp => {
                let a = [s!(0)];
                (self.ext(glsl::EXP, fk, &a), fk)
            }
            A::Flog => {
                let a = [s!(0)];
                (self.ext(glsl::LOG, fk, &a), fk)
            }
            A::Fpow => {
                let a = [s!(0), s!(1)];
                (self.ext(glsl::POW, fk, &a), fk)
            }
            A::Fsin => {
                let a = [s!(0)];
                (self.ext(glsl::SIN, fk, &a), fk)
            }
            A::Fcos => {
                let a = [s!(0)];
                (self.ext(glsl::COS, fk, &a), fk)
            }
            A::Ftan => {
                let a = [s!(0)];
                (self.ext(glsl::TAN, fk, &a), fk)
            }
            A::Fasin => {
                let a = [s!(0)];
                (self.ext(glsl::ASIN, fk, &a), fk)
            }
            A::Facos => {
                let a = [s!(0)];
                (self.ext(glsl::ACOS, fk, &a), fk)
            }
            A::Fatan => {
                let a = [s!(0)];
                (self.ext(glsl::ATAN, fk, &a), fk)
            }
            A::Fatan2 => {
                let a = [s!(0), s!(1)];
                (self.ext(glsl::ATAN2, fk, &a), fk)
            }
            A::Fsinh => {
                let a = [s!(0)];
                (self.ext(glsl::SINH, fk, &a), fk)
            }
            A::Fcosh => {
                let a = [s!(0)];
                (self.ext(glsl::COSH, fk, &a), fk)
            }
            A::Ftanh => {
                let a = [s!(0)];
                (self.ext(glsl::TANH, fk, &a), fk)
            }
            A::Fasinh => {
                let a = [s!(0)];
                (self.ext(glsl::ASINH, fk, &a), fk)
            }
            A::Facosh => {
                let a = [s!(0)];
                (self.ext(glsl::ACOSH, fk, &a), fk)
            }
            A::Fatanh => {
                let a = [s!(0)];
                (self.ext(glsl::ATANH, fk, &a), fk)
            }
            A::Fdot2 | A::Fdot3 | A::Fdot4 => {
                let a = [s!(0), s!(1)];
                (self.op1(op::DOT, fk, &a), fk)
            }
            A::Fddx | A::Fddy | A::FddxFine | A::FddyFine | A::FddxCoarse | A::FddyCoarse
                if !self.implicit_derivatives() =>
            {
                // A compute-like shader without a derivative group: derivatives are zero
                // (GL_NV_compute_shader_derivatives), and SPIR-V allows no `OpDPdx` there.
                (self.splat(fk, 0), fk)
            }
            A::Fddx | A::Fddy | A::FddxFine | A::FddyFine | A::FddxCoarse | A::FddyCoarse => {
                let opc = match a.op {
                    A::Fddx => op::DPDX,
                    A::Fddy => op::DPDY,
                    A::FddxFine => op::DPDX_FINE,
                    A::FddyFine => op::DPDY_FINE,
                    A::FddxCoarse => op::DPDX_COARSE,
                    _ => op::DPDY_COARSE,
                };
                if !matches!(a.op, A::Fddx | A::Fddy) {
                    self.m.cap(cap::DERIVATIVE_CONTROL);
                }
                let x = s!(0);
                if fk.bits == 32 {
                    (self.op1(opc, fk, &[x]), fk)
                } else {
                    // Derivatives are 32-bit only: through 32 bits and back.
                    let wide = self.resize(x, fk, 32);
                    let d = self.op1(opc, fk.with_bits(32), &[wide]);
                    (self.resize(d, fk.with_bits(32), fk.bits), fk)
                }
            }
            A::FrexpSig | A::FrexpExp => {
                let sbits = self.f.values[a.srcs[0].value].bit_size;
                let sk = Kind::new(BaseType::Float, sbits, n);
                let ik = Kind::new(BaseType::Int, 32, n);
                let x = s!(0);
                let st = self.struct_type(&[sk, ik]);
                let r = self.new_id();
                let g = self.m.glsl_ext;
                self.code
                    .inst(op::EXT_INST, &[st, r, g, glsl::FREXP_STRUCT, x]);
                if a.op == A::FrexpSig {
                    (self.op1(op::COMPOSITE_EXTRACT, sk, &[r, 0]), sk)
                } else {
                    (self.op1(op::COMPOSITE_EXTRACT, ik, &[r, 1]), ik)
                }
            }
            A::Ldexp => {
                let x = s!(0);
                let e = s!(1, BaseType::Int);
                (self.ext(glsl::LDEXP, fk, &[x, e]), fk)
            }
            A::Fisnan => {
                let a = [s!(0)];
                (self.op1(op::IS_NAN, bk, &a), bk)
            }
            A::Fisinf => {
                let a = [s!(0)];
                (self.op1(op::IS_INF, bk, &a), bk)
            }
            A::Fquantize2f16 => {
                let a = [s!(0)];
                (self.op1(op::QUANTIZE_TO_F16, fk, &a), fk)
            }
            A::Flt => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_ORD_LESS_THAN, bk, &a), bk)
            }
            A::Fge => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_ORD_GREATER_THAN_EQUAL, bk, &a), bk)
            }
            A::Feq => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_ORD_EQUAL, bk, &a), bk)
            }
            A::Fneu => {
                let a = [s!(0), s!(1)];
                (self.op1(op::F_UNORD_NOT_EQUAL, bk, &a), bk)
            }
            A::Ilt => {
                let a = [s!(0), s!(1)];
                (self.op1(op::S_LESS_THAN, bk, &a), bk)
            }
            A::Ige => {
                let a = [s!(0), s!(1)];
                (self.op1(op::S_GREATER_THAN_EQUAL, bk, &a), bk)
            }
            A::Ult => {
                let a = [s!(0), s!(1)];
                (self.op1(op::U_LESS_THAN, bk, &a), bk)
            }
            A::Uge => {
                let a = [s!(0), s!(1)];
                (self.op1(op::U_GREATER_THAN_EQUAL, bk, &a), bk)
            }
            A::Ieq | A::Ine => {
                let sb = self.f.values[a.srcs[0].value].bit_size;
                if sb == 1 {
                    let opc = if a.op == A::Ieq {
                        op::LOGICAL_EQUAL
                    } else {
                        op::LOGICAL_NOT_EQUAL
                    };
                    {
                        let a = [s!(0), s!(1)];
                        (self.op1(opc, bk, &a), bk)
                    }
                } else {
                    // Compare as the operand that is not a constant is (a constant is
                    // written in whatever type the comparison wants): no cast.
                    let s = a.srcs[..2]
                        .iter()
                        .find(|s| !matches!(self.vals[s.value.0 as usize], Val::Const(_)))
                        .unwrap_or(&a.srcs[0]);
                    let b = match self.natural_kind(s.value).base {
                        BaseType::Int => BaseType::Int,
                        _ => BaseType::Uint,
                    };
                    let opc = if a.op == A::Ieq {
                        op::I_EQUAL
                    } else {
                        op::I_NOT_EQUAL
                    };
                    {
                        let a = [s!(0, b), s!(1, b)];
                        (self.op1(opc, bk, &a), bk)
                    }
                }
            }
            A::Iadd | A::Isub | A::Imul | A::Idiv | A::Udiv | A::Irem | A::Umod => {
                let b = if matches!(a.op, A::Iadd | A::Isub | A::Imul) {
                    // The same bits either way: the kind `infer_kinds` chose (what the
                    // readers want, else unsigned for unsigned operands).
                    match dk.base {
                        BaseType::Uint => BaseType::Uint,
                        _ => BaseType::Int,
                    }
                } else {
                    class_base(info.dest_class).unwrap_or(BaseType::Int)
                };
                let k = Kind::new(b, dbits, n);
                let opc = match a.op {
                    A::Iadd => op::I_ADD,
                    A::Isub => op::I_SUB,
                    A::Imul => op::I_MUL,
                    A::Idiv => op::S_DIV,
                    A::Udiv => op::U_DIV,
                    A::Irem => op::S_REM,
                    _ => op::U_MOD,
                };
                {
                    let a = [s!(0, b), s!(1, b)];
                    (self.op1(opc, k, &a), k)
                }
            }
            A::Ineg => {
                let k = Kind::new(BaseType::Int, dbits, n);
                {
                    let a = [s!(0)];
                    (self.op1(op::S_NEGATE, k, &a), k)
                }
            }
            A::Iabs | A::Isign => {
                let k = Kind::new(BaseType::Int, dbits, n);
                let g = if a.op == A::Iabs {
                    glsl::S_ABS
                } else {
                    glsl::S_SIGN
                };
                {
                    let a = [s!(0)];
                    (self.ext(g, k, &a), k)
                }
            }
            A::Imin | A::Imax | A::Umin | A::Umax => {
                let b = class_base(info.dest_class).unwrap_or(BaseType::Int);
                let k = Kind::new(b, dbits, n);
                let g = match a.op {
                    A::Imin => glsl::S_MIN,
                    A::Imax => glsl::S_MAX,
                    A::Umin => glsl::U_MIN,
                    _ => glsl::U_MAX,
                };
                {
                    let a = [s!(0), s!(1)];
                    (self.ext(g, k, &a), k)
                }
            }
            A::Ishl | A::Ishr | A::Ushr => {
                let b = if a.op == A::Ishl && self.all_uint(a) {
                    BaseType::Uint
                } else {
                    class_base(info.dest_class).unwrap_or(BaseType::Int)
                };
                let k = Kind::new(b, dbits, n);
                let x = s!(0, b);
                let cnt = s!(1, BaseType::Uint);
                let ck = Kind::new(BaseType::Uint, 32, n);
                let mask = self.splat(ck, u64::from(dbits) - 1);
                let cnt = self.op1(op::BITWISE_AND, ck, &[cnt, mask]);
                let opc = match a.op {
                    A::Ishl => op::SHIFT_LEFT_LOGICAL,
                    A::Ishr => op::SHIFT_RIGHT_ARITHMETIC,
                    _ => op::SHIFT_RIGHT_LOGICAL,
                };
                (self.op1(opc, k, &[x, cnt]), k)
            }
            A::Iand | A::Ior | A::Ixor | A::Inot => {
                if dbits == 1 {
                    let opc = match a.op {
                        A::Iand => op::LOGICAL_AND,
                        A::Ior => op::LOGICAL_OR,
                        A::Ixor => op::LOGICAL_NOT_EQUAL,
                        _ => op::LOGICAL_NOT,
                    };
                    let args = if a.op == A::Inot {
                        vec![s!(0)]
                    } else {
                        vec![s!(0), s!(1)]
                    };
                    (self.op1(opc, bk, &args), bk)
                } else {
                    let k = dk;
                    let opc = match a.op {
                        A::Iand => op::BITWISE_AND,
                        A::Ior => op::BITWISE_OR,
                        A::Ixor => op::BITWISE_XOR,
                        _ => op::NOT,
                    };
                    let args = if a.op == A::Inot {
                        vec![s!(0, k.base)]
                    } else {
                        vec![s!(0, k.base), s!(1, k.base)]
                    };
                    (self.op1(opc, k, &args), k)
                }
            }
            A::BitfieldInsert => {
                let k = Kind::new(BaseType::Uint, dbits, n);
                let base = s!(0);
                let ins = s!(1);
                let off = self.alu_src(&a.srcs[2], 1, Some(BaseType::Int))?.0;
                let cnt = self.alu_src(&a.srcs[3], 1, Some(BaseType::Int))?.0;
                (self.op1(op::BIT_FIELD_INSERT, k, &[base, ins, off, cnt]), k)
            }
            A::IbitfieldExtract | A::UbitfieldExtract => {
                let b = class_base(info.dest_class).unwrap_or(BaseType::Int);
                let k = Kind::new(b, dbits, n);
                let base = s!(0);
                let off = self.alu_src(&a.srcs[1], 1, Some(BaseType::Int))?.0;
                let cnt = self.alu_src(&a.srcs[2], 1, Some(BaseType::Int))?.0;
                let opc = if a.op == A::IbitfieldExtract {
                    op::BIT_FIELD_S_EXTRACT
                } else {
                    op::BIT_FIELD_U_EXTRACT
                };
                (self.op1(opc, k, &[base, off, cnt]), k)
            }
            A::BitfieldReverse => {
                let k = Kind::new(BaseType::Uint, dbits, n);
                {
                    let a = [s!(0)];
                    (self.op1(op::BIT_REVERSE, k, &a), k)
                }
            }
            A::BitCount | A::UfindMsb | A::IfindMsb | A::FindLsb => {
                let k = Kind::new(BaseType::Int, 32, n);
                let x = s!(0);
                let id = match a.op {
                    A::BitCount => self.op1(op::BIT_COUNT, k, &[x]),
                    A::UfindMsb => self.ext(glsl::FIND_U_MSB, k, &[x]),
                    A::IfindMsb => self.ext(glsl::FIND_S_MSB, k, &[x]),
                    _ => self.ext(glsl::FIND_I_LSB, k, &[x]),
                };
                (id, k)
            }
            A::UaddCarry | A::UsubBorrow | A::UmulHigh | A::ImulHigh => {
                let b = if a.op == A::ImulHigh {
                    BaseType::Int
                } else {
                    BaseType::Uint
                };
                let k = Kind::new(b, dbits, n);
                let x = s!(0, b);
                let y = s!(1, b);
                let st = self.struct_type(&[k, k]);
                let opc = match a.op {
                    A::UaddCarry => op::I_ADD_CARRY,
                    A::UsubBorrow => op::I_SUB_BORROW,
                    A::UmulHigh => op::U_MUL_EXTENDED,
                    _ => op::S_MUL_EXTENDED,
                };
                let r = self.new_id();
                self.code.inst(opc, &[st, r, x, y]);
                (self.op1(op::COMPOSITE_EXTRACT, k, &[r, 1]), k)
            }
            A::B2f | A::B2i => {
                let b = if a.op == A::B2f {
                    BaseType::Float
                } else if dk.base == BaseType::Uint {
                    // 0 or 1: unsigned where the readers want it (`infer_kinds`).
                    BaseType::Uint
                } else {
                    BaseType::Int
                };
                let k = Kind::new(b, dbits, n);
                let c = s!(0);
                let one = if b == BaseType::Float {
                    Self::float_bits(dbits, 1.0)
                } else {
                    1
                };
                let one = self.splat(k, one);
                let zero = self.splat(k, 0);
                (self.op1(op::SELECT, k, &[c, one, zero]), k)
            }
            A::F2f | A::F2i | A::F2u | A::I2f | A::U2f | A::I2i | A::U2u => {
                let (sb, db, opc, same_ok) = match a.op {
                    A::F2f => (BaseType::Float, BaseType::Float, op::F_CONVERT, true),
                    A::F2i => (BaseType::Float, BaseType::Int, op::CONVERT_F_TO_S, false),
                    A::F2u => (BaseType::Float, BaseType::Uint, op::CONVERT_F_TO_U, false),
                    A::I2f => (BaseType::Int, BaseType::Float, op::CONVERT_S_TO_F, false),
                    A::U2f => (BaseType::Uint, BaseType::Float, op::CONVERT_U_TO_F, false),
                    A::I2i => (BaseType::Int, BaseType::Int, op::S_CONVERT, true),
                    _ => (BaseType::Uint, BaseType::Uint, op::U_CONVERT, true),
                };
                let sbits = self.f.values[a.srcs[0].value].bit_size;
                let k = Kind::new(db, dbits, n);
                let x = s!(0, sb);
                if same_ok && sbits == dbits {
                    (x, k)
                } else {
                    (self.op1(opc, k, &[x]), k)
                }
            }
            A::Vextract2 | A::Vextract3 | A::Vextract4 => {
                // `v[i]`: the vector in the result's kind, the index as an integer.
                let v = self.alu_src(&a.srcs[0], src_n(0), Some(dk.base))?.0;
                let ik = self.natural_kind(a.srcs[1].value).base;
                let ib = if ik == BaseType::Int {
                    BaseType::Int
                } else {
                    BaseType::Uint
                };
                let i = self.alu_src(&a.srcs[1], 1, Some(ib))?.0;
                (self.op1(OP_VECTOR_EXTRACT_DYNAMIC, dk, &[v, i]), dk)
            }
            A::Bany2 | A::Bany3 | A::Bany4 => {
                let a = [s!(0)];
                (self.op1(op::ANY, bk, &a), bk)
            }
            A::Ball2 | A::Ball3 | A::Ball4 => {
                let a = [s!(0)];
                (self.op1(op::ALL, bk, &a), bk)
            }
            A::PackSnorm2x16
            | A::PackUnorm2x16
            | A::PackSnorm4x8
            | A::PackUnorm4x8
            | A::PackHalf2x16 => {
                let k = Kind::new(BaseType::Uint, 32, 1);
                let g = match a.op {
                    A::PackSnorm2x16 => glsl::PACK_SNORM_2X16,
                    A::PackUnorm2x16 => glsl::PACK_UNORM_2X16,
                    A::PackSnorm4x8 => glsl::PACK_SNORM_4X8,
                    A::PackUnorm4x8 => glsl::PACK_UNORM_4X8,
                    _ => glsl::PACK_HALF_2X16,
                };
                {
                    let a = [s!(0)];
                    (self.ext(g, k, &a), k)
                }
            }
            A::UnpackSnorm2x16
            | A::UnpackUnorm2x16
            | A::UnpackSnorm4x8
            | A::UnpackUnorm4x8
            | A::UnpackHalf2x16 => {
                let k = Kind::new(BaseType::Float, 32, n);
                let g = match a.op {
                    A::UnpackSnorm2x16 => glsl::UNPACK_SNORM_2X16,
                    A::UnpackUnorm2x16 => glsl::UNPACK_UNORM_2X16,
                    A::UnpackSnorm4x8 => glsl::UNPACK_SNORM_4X8,
                    A::UnpackUnorm4x8 => glsl::UNPACK_UNORM_4X8,
                    _ => glsl::UNPACK_HALF_2X16,
                };
                {
                    let a = [s!(0)];
                    (self.ext(g, k, &a), k)
                }
            }
            A::Pack64_2x32 | A::Unpack64_2x32 => {
                let k = Kind::new(BaseType::Uint, dbits, n);
                {
                    let a = [s!(0)];
                    (self.op1(op::BITCAST, k, &a), k)
                }
            }
        };
        self.set(a.dest, id, k);
        Ok(())
    }

    fn struct_type(&mut self, kinds: &[Kind]) -> u32 {
        let members: Vec<u32> = kinds.iter().map(|k| self.m.kind_type(*k)).collect();
        let id = self.m.ty(op::TYPE_STRUCT, &members);
        self.m.members.insert(id, members);
        id
    }

    // ---- derefs ----

    fn ptr(&self, v: ValueId) -> Result<(u32, u32, u32, fresnel_ir::TypeId, VarMode)> {
        match self.step_parent(v)? {
            (0, ..) => Err(SpirvError::new(format!(
                "internal: {v} is a folded access chain used as a pointer"
            ))),
            p => Ok(p),
        }
    }

    /// A deref's pointer parts, its id 0 when the chain is folded (`chain.rs`): for the
    /// steps built on it.
    fn step_parent(&self, v: ValueId) -> Result<(u32, u32, u32, fresnel_ir::TypeId, VarMode)> {
        match &self.vals[v.0 as usize] {
            Val::Ptr {
                id,
                pointee,
                class,
                ty,
                mode,
            } => Ok((*id, *pointee, *class, *ty, *mode)),
            _ => Err(SpirvError::new(format!("internal: {v} is not a deref"))),
        }
    }

    /// An index operand: its value as a signed integer, or unsigned when it is one.
    pub(super) fn index_operand(&mut self, index: ValueId) -> Result<u32> {
        let ik = self.natural_kind(index);
        let ib = if ik.base == BaseType::Uint {
            BaseType::Uint
        } else {
            BaseType::Int
        };
        self.value_as(index, ik.with_base(ib))
    }

    /// Derefs into the transposed ray-tracing matrices (see [`Val::TransposedCol`]).
    fn transposed_deref(&mut self, d: &fresnel_ir::Deref) -> Result<bool> {
        let DerefKind::Array { parent, index } = d.kind else {
            return Ok(false);
        };
        if let Val::TransposedCol { var, col } = self.vals[parent.0 as usize] {
            // Element `row` of the column: element (row, col) of the stored matrix.
            let row = self.index_operand(index)?;
            let f = self.m.kind_type(Kind::new(BaseType::Float, 32, 1));
            let pt = self.m.pointer(super::spec::storage::INPUT, f);
            let id = self.new_id();
            self.code.inst(op::ACCESS_CHAIN, &[pt, id, var, row, col]);
            self.vals[d.dest.0 as usize] = Val::Ptr {
                id,
                pointee: f,
                class: super::spec::storage::INPUT,
                ty: d.ty,
                mode: d.mode,
            };
            return Ok(true);
        }
        let def = &self.f.instrs[self.f.values[parent].def].kind;
        let InstrKind::Deref(fresnel_ir::Deref {
            kind: DerefKind::Var(v),
            ..
        }) = def
        else {
            return Ok(false);
        };
        if !super::types::transposed_builtin(&self.m.shader.vars[*v]) {
            return Ok(false);
        }
        let var = self.ptr(parent)?.0;
        let col = self.index_operand(index)?;
        self.vals[d.dest.0 as usize] = Val::TransposedCol { var, col };
        Ok(true)
    }

    fn emit_deref(&mut self, d: &fresnel_ir::Deref) -> Result<()> {
        // Descriptor heaps (`heap.rs`).
        if self.heap_deref(d)? {
            return Ok(());
        }
        if self.transposed_deref(d)? {
            return Ok(());
        }
        // The class of the variable the chain starts from (atomic counters have their own).
        let class = match d.kind {
            DerefKind::Var(var) => self.m.var_class(var),
            DerefKind::Array { parent, .. } | DerefKind::Struct { parent, .. } => {
                self.step_parent(parent)?.2
            }
            DerefKind::Cast { .. } => self.m.storage_class(d.mode),
        };
        let (id, pointee) = match d.kind {
            // An abort message's local is not declared: `abortEXT` reads its bytes.
            DerefKind::Var(var)
                if !self.m.var_ids.contains_key(&var)
                    && abort::message_var(self.m.shader, self.f, var).is_some() =>
            {
                return Ok(());
            }
            DerefKind::Var(var) => {
                let Some(&id) = self.m.var_ids.get(&var) else {
                    return Err(SpirvError::new(format!(
                        "variable `{}` has no SPIR-V declaration",
                        self.m.shader.vars[var].name
                    )));
                };
                let t = match self.m.var_types.get(&var) {
                    Some(&t) => t,
                    None => {
                        let v = &self.m.shader.vars[var];
                        let fmt = self.m.var_format(var);
                        self.m.ir_type(v.ty, Module::external(v.mode), fmt)?
                    }
                };
                (id, t)
            }
            DerefKind::Array { parent, index } => {
                let (pid, pt, _, _, _) = self.step_parent(parent)?;
                let Some(&e) = self.m.elem.get(&pt) else {
                    return Err(SpirvError::new("internal: indexing a non-array"));
                };
                let idx = self.index_operand(index)?;
                let ptr_t = self.m.pointer(class, e);
                let mut ops = self.chain_base(parent, pid);
                ops.push(idx);
                (self.chain_step(d.dest, ptr_t, ops), e)
            }
            DerefKind::Struct { parent, field } => {
                let (pid, pt, _, _, _) = self.step_parent(parent)?;
                let Some(e) = self.m.members.get(&pt).and_then(|m| m.get(field as usize)) else {
                    return Err(SpirvError::new("internal: member of a non-struct"));
                };
                let e = *e;
                let idx = self.m.const_i32(field as i32);
                let ptr_t = self.m.pointer(class, e);
                let mut ops = self.chain_base(parent, pid);
                ops.push(idx);
                (self.chain_step(d.dest, ptr_t, ops), e)
            }
            DerefKind::Cast { parent } if matches!(self.m.shader.types.get(d.ty), Type::Opaque(n) if n.starts_with("accelerationStructure")) =>
            {
                // An acceleration structure from its 64-bit address.
                let t = self.m.ir_type(d.ty, false, None)?;
                // (A `uvec2` address is taken as it is: no 64-bit cast of it.)
                let addr = match &self.f.def(parent).kind {
                    InstrKind::Alu(a) if a.op == AluOp::Pack64_2x32 => {
                        self.alu_src(&a.srcs[0], 2, Some(BaseType::Uint))?.0
                    }
                    _ => self.value_as(parent, Kind::new(BaseType::Uint, 64, 1))?,
                };
                let id = self.new_id();
                self.code.inst(4447, &[t, id, addr]);
                self.vals[d.dest.0 as usize] = Val::Opaque(id);
                return Ok(());
            }
            DerefKind::Cast { parent }
                if d.mode == VarMode::Uniform
                    && matches!(
                        self.m.shader.types.get(d.ty),
                        Type::Sampler { .. } | Type::Image { .. }
                    ) =>
            {
                // A bindless handle (GL_ARB_bindless_texture) made a texture, image or
                // sampler object (`instr/gaps.rs`, SPV_NV_bindless_texture).
                self.bindless_object(d.dest, d.ty, parent)?;
                return Ok(());
            }
            DerefKind::Cast { parent } => {
                if d.mode != VarMode::PhysicalStorageBuffer {
                    return Err(SpirvError::new(format!(
                        "deref casts to {} memory (bindless handles) are not supported in SPIR-V output yet",
                        d.mode.name()
                    )));
                }
                // A buffer reference: the 64-bit address as a PhysicalStorageBuffer pointer
                // (or the pointer loaded, `refs.rs`). Types of their own (a block reached by
                // reference may also be an SSBO's, decorated BufferBlock before SPIR-V 1.3).
                let ptr_t = self.m.ref_pointer(d.ty)?;
                let t = self
                    .m
                    .ir_type(d.ty, true, Some(super::types::PHYSICAL_LAYOUT))?;
                let id = self.value_as_ref(parent, ptr_t)?;
                (id, t)
            }
        };
        self.vals[d.dest.0 as usize] = Val::Ptr {
            id,
            pointee,
            class,
            ty: d.ty,
            mode: d.mode,
        };
        Ok(())
    }

    /// Whether a pointer's target stores booleans as 32-bit integers.
    fn stored_kind(&self, ty: fresnel_ir::TypeId, mode: VarMode) -> Result<(Kind, bool)> {
        let Some(k) = self.m.value_kind(ty) else {
            return Err(SpirvError::new(
                "internal: load or store of a non-vector type",
            ));
        };
        if k.base == BaseType::Bool && Module::external(mode) {
            Ok((Kind::new(BaseType::Uint, 32, k.comps), true))
        } else {
            Ok((k, false))
        }
    }

    /// The memory operands of a load or store through a pointer of class `class`:
    /// `Aligned` (to the component size, which every layout guarantees) for buffer
    /// references, which require it.
    fn mem_operands(class: u32, k: Kind) -> SmallVec<[u32; 2]> {
        if class == super::spec::storage::PHYSICAL_STORAGE_BUFFER {
            let align = u32::from(k.bits.max(8) / 8);
            smallvec::smallvec![2, align]
        } else {
            SmallVec::new()
        }
    }

    fn load(&mut self, ptr: ValueId) -> Result<(u32, Kind)> {
        if let Val::Ptr {
            id, pointee, ty, ..
        } = self.vals[ptr.0 as usize]
        {
            let u4 = Kind::new(BaseType::Uint, 32, 4);
            let wide = self
                .m
                .value_kind(ty)
                .filter(|k| k.bits == 64 && k.comps == 1);
            // (A 64-bit scalar behind a 4-component pointee: only those masks.)
            if let Some(k) = wide.filter(|_| self.m.value_types.get(&pointee) == Some(&4)) {
                // A 64-bit subgroup mask from its `uvec4` built-in.
                let v = self.op1(op::LOAD, u4, &[id]);
                let u2 = Kind::new(BaseType::Uint, 32, 2);
                let xy = self.op1(op::VECTOR_SHUFFLE, u2, &[v, v, 0, 1]);
                return Ok((self.op1(op::BITCAST, k, &[xy]), k));
            }
        }
        if let Val::TransposedCol { var, col } = self.vals[ptr.0 as usize] {
            // A column of the transposed matrix: a row of the stored one.
            let fk = Kind::new(BaseType::Float, 32, 1);
            let f = self.m.kind_type(fk);
            let pt = self.m.pointer(super::spec::storage::INPUT, f);
            let mut parts = Vec::new();
            for r in 0..4 {
                let row = self.m.const_i32(r);
                let p = self.new_id();
                self.code.inst(op::ACCESS_CHAIN, &[pt, p, var, row, col]);
                parts.push(self.op1(op::LOAD, fk, &[p]));
            }
            let k = fk.with_comps(4);
            return Ok((self.op1(op::COMPOSITE_CONSTRUCT, k, &parts), k));
        }
        let (pid, _, class, ty, mode) = self.ptr(ptr)?;
        let (sk, is_bool) = self.stored_kind(ty, mode)?;
        let mut args: SmallVec<[u32; 3]> = smallvec::smallvec![pid];
        args.extend(Self::mem_operands(class, sk));
        let id = self.op1(op::LOAD, sk, &args);
        if is_bool {
            let bk = Kind::new(BaseType::Bool, 1, sk.comps);
            let zero = self.splat(sk, 0);
            return Ok((self.op1(op::I_NOT_EQUAL, bk, &[id, zero]), bk));
        }
        Ok((id, sk))
    }

    fn store(&mut self, ptr: ValueId, v: ValueId, mask: u32) -> Result<()> {
        let (pid, _, class, ty, mode) = self.ptr(ptr)?;
        let (sk, is_bool) = self.stored_kind(ty, mode)?;
        let vcomps = self.f.values[v].num_components;
        let vk = if is_bool {
            Kind::new(BaseType::Bool, 1, vcomps)
        } else {
            sk.with_comps(vcomps)
        };
        let mut val = self.value_as(v, vk)?;
        if is_bool {
            let uk = sk.with_comps(vcomps);
            let one = self.splat(uk, 1);
            let zero = self.splat(uk, 0);
            val = self.op1(op::SELECT, uk, &[val, one, zero]);
        }
        let mem = Self::mem_operands(class, sk);
        let full = (1u32 << sk.comps) - 1;
        if (mask & full == full && vcomps == sk.comps) || sk.comps == 1 {
            // (Performance: the operands written in place, no list.)
            self.code.inst_parts(op::STORE, &[pid, val], &mem);
            return Ok(());
        }
        if class == super::spec::storage::OUTPUT
            && self.m.shader.stage == fresnel_ir::Stage::Mesh
            && !super::target::nv_mesh(self.m.shader)
        {
            // EXT mesh outputs must not be read (VUID-StandaloneSpirv-MeshEXT-07107): each
            // written component is stored through its own access chain, as glslang does.
            let ck = sk.with_comps(1);
            let ct = self.m.kind_type(ck);
            let pt = self.m.pointer(class, ct);
            for i in 0..sk.comps.min(vcomps) {
                if mask & (1 << i) == 0 {
                    continue;
                }
                let part = if vcomps == 1 {
                    val
                } else {
                    self.op1(op::COMPOSITE_EXTRACT, ck, &[val, u32::from(i)])
                };
                let index = self.m.const_u32(u32::from(i));
                let p = self.new_id();
                self.code.inst(op::ACCESS_CHAIN, &[pt, p, pid, index]);
                self.code.inst(op::STORE, &[p, part]);
            }
            return Ok(());
        }
        // (Performance: the operand lists inline, no allocation per store.)
        let mut largs: SmallVec<[u32; 3]> = smallvec::smallvec![pid];
        largs.extend_from_slice(&mem);
        let old = self.op1(op::LOAD, sk, &largs);
        let mut args: SmallVec<[u32; 6]> = smallvec::smallvec![old, val];
        for i in 0..sk.comps {
            let from_new = mask & (1 << i) != 0 && i < vcomps;
            args.push(if from_new {
                u32::from(sk.comps) + u32::from(i)
            } else {
                u32::from(i)
            });
        }
        // A shuffle of two vectors of different sizes is fine in SPIR-V.
        let merged = self.op1(op::VECTOR_SHUFFLE, sk, &args);
        self.code.inst_parts(op::STORE, &[pid, merged], &mem);
        Ok(())
    }

    /// The initializer constant of the read-only global `deref` names whole, if it is one.
    fn read_only_init(&self, deref: ValueId) -> Option<u32> {
        match &self.f.def(deref).kind {
            InstrKind::Deref(d) => match d.kind {
                fresnel_ir::DerefKind::Var(v) => self.m.init_ids.get(&v).copied(),
                _ => None,
            },
            _ => None,
        }
    }

    /// The pointer, pointee (a buffer reference pointer type) and storage class of a deref
    /// whose target holds a buffer reference as a pointer (`refs.rs`).
    fn ref_slot_ptr(&self, ptr: ValueId) -> Option<(u32, u32, u32)> {
        match self.vals[ptr.0 as usize] {
            Val::Ptr {
                id, pointee, class, ..
            } if self.m.ref_ptrs.contains_key(&pointee) => Some((id, pointee, class)),
            _ => None,
        }
    }

    /// Copies between two pointers of possibly different layouts, leaf by leaf.
    fn copy(&mut self, dst: (u32, u32, u32), src: (u32, u32, u32), budget: &mut u32) -> Result<()> {
        let (did, dt, dclass) = dst;
        let (sid, st, sclass) = src;
        if dt != st && self.copy_whole(dst, src, budget)? {
            return Ok(());
        }
        // Buffer references need `Aligned`: the widest scalar of the type.
        let psb = super::spec::storage::PHYSICAL_STORAGE_BUFFER;
        let smem: &[u32] = if sclass == psb {
            &[2, self.m.largest_scalar_bytes(st)]
        } else {
            &[]
        };
        let dmem: &[u32] = if dclass == psb {
            &[2, self.m.largest_scalar_bytes(dt)]
        } else {
            &[]
        };
        if dt == st {
            let id = self.new_id();
            // (Performance: the operands inline, no allocation per leaf.)
            self.code.inst_parts(op::LOAD, &[st, id, sid], smem);
            self.code.inst_parts(op::STORE, &[did, id], dmem);
            return Ok(());
        }
        if *budget == 0 {
            return Err(SpirvError::new("copy of a too large aggregate"));
        }
        *budget -= 1;
        if let Some(&comps) = self.m.value_types.get(&dt) {
            // Leaves of different types: booleans against 32-bit integers.
            let s = self.new_id();
            let mut l = vec![st, s, sid];
            l.extend_from_slice(smem);
            self.code.inst(op::LOAD, &l);
            let uk = Kind::new(BaseType::Uint, 32, comps);
            let zero = self.splat(uk, 0);
            let conv = self.new_id();
            let bool_t = self.m.kind_type(Kind::new(BaseType::Bool, 1, comps));
            if dt == bool_t {
                self.code.inst(op::I_NOT_EQUAL, &[dt, conv, s, zero]);
            } else {
                let one = self.splat(uk, 1);
                self.code.inst(op::SELECT, &[dt, conv, s, one, zero]);
            }
            let mut w = vec![did, conv];
            w.extend_from_slice(dmem);
            self.code.inst(op::STORE, &w);
            return Ok(());
        }
        let members: Vec<(u32, u32)> = if let Some(ms) = self.m.members.get(&dt).cloned() {
            let sm = self.m.members.get(&st).cloned().unwrap_or_default();
            ms.into_iter().zip(sm).collect()
        } else if let (Some(&de), Some(&se)) = (self.m.elem.get(&dt), self.m.elem.get(&st)) {
            let n = self
                .array_len(dt)
                .or_else(|| self.array_len(st))
                .unwrap_or(0);
            (0..n).map(|_| (de, se)).collect()
        } else {
            return Err(SpirvError::new("internal: copy between unrelated types"));
        };
        for (i, (de, se)) in members.into_iter().enumerate() {
            let idx = self.m.const_i32(i as i32);
            let dp = self.m.pointer(dclass, de);
            let sp = self.m.pointer(sclass, se);
            let d2 = self.new_id();
            self.code.inst(op::ACCESS_CHAIN, &[dp, d2, did, idx]);
            let s2 = self.new_id();
            self.code.inst(op::ACCESS_CHAIN, &[sp, s2, sid, idx]);
            self.copy((d2, de, dclass), (s2, se, sclass), budget)?;
        }
        Ok(())
    }

    fn array_len(&self, t: u32) -> Option<u32> {
        // Find the length operand of an OpTypeArray among the cached IR types.
        for ((ty, _, _), &id) in self.m.ir_types.iter() {
            if id == t {
                return self.m.shader.types.length(*ty);
            }
        }
        None
    }

    // ---- intrinsics ----

    fn atomic_scope(&mut self, mode: VarMode) -> u32 {
        if mode == VarMode::Shared {
            self.m.const_u32(2)
        } else {
            self.m.const_u32(1)
        }
    }

    fn atomic(
        &mut self,
        x: &IntrinsicInstr,
        ptr: u32,
        mode: VarMode,
        k: Kind,
        data: &[ValueId],
    ) -> Result<u32> {
        let aop = x
            .index(IndexKind::Atomic)
            .and_then(AtomicOp::from_index)
            .ok_or_else(|| SpirvError::new("atomic without its operation"))?;
        if k.bits == 64 {
            self.m.cap(cap::INT64_ATOMICS);
        }
        let scope = self.atomic_scope(mode);
        let sem = self.m.const_u32(0);
        let mut vals = Vec::new();
        for &d in data {
            vals.push(self.value_as(d, k)?);
        }
        let opc = match aop {
            AtomicOp::Iadd => op::ATOMIC_I_ADD,
            AtomicOp::Imin => op::ATOMIC_S_MIN,
            AtomicOp::Umin => op::ATOMIC_U_MIN,
            AtomicOp::Imax => op::ATOMIC_S_MAX,
            AtomicOp::Umax => op::ATOMIC_U_MAX,
            AtomicOp::Iand => op::ATOMIC_AND,
            AtomicOp::Ior => op::ATOMIC_OR,
            AtomicOp::Ixor => op::ATOMIC_XOR,
            AtomicOp::Xchg => op::ATOMIC_EXCHANGE,
            AtomicOp::CmpXchg => {
                if vals.len() < 2 {
                    return Err(SpirvError::new("compare-exchange without a comparator"));
                }
                return Ok(self.op1(
                    op::ATOMIC_COMPARE_EXCHANGE,
                    k,
                    &[ptr, scope, sem, sem, vals[0], vals[1]],
                ));
            }
            AtomicOp::Load => return Ok(self.op1(op::ATOMIC_LOAD, k, &[ptr, scope, sem])),
            AtomicOp::Store => {
                let v = vals.first().copied().unwrap_or(0);
                self.code.inst(op::ATOMIC_STORE, &[ptr, scope, sem, v]);
                return Ok(0);
            }
            AtomicOp::Fadd => {
                // SPV_EXT_shader_atomic_float_add (SPV_EXT_shader_atomic_float16_add).
                use super::ext::cap as c;
                let (cap, ext) = match k.bits {
                    16 => (
                        c::ATOMIC_FLOAT16_ADD_EXT,
                        "SPV_EXT_shader_atomic_float16_add",
                    ),
                    64 => (c::ATOMIC_FLOAT64_ADD_EXT, "SPV_EXT_shader_atomic_float_add"),
                    _ => (c::ATOMIC_FLOAT32_ADD_EXT, "SPV_EXT_shader_atomic_float_add"),
                };
                self.m.cap(cap);
                self.m.exts.insert(ext);
                if k.bits == 16 {
                    self.m.exts.insert("SPV_EXT_shader_atomic_float_add");
                }
                super::ext::op::ATOMIC_F_ADD_EXT
            }
            AtomicOp::Fmin | AtomicOp::Fmax => {
                // SPV_EXT_shader_atomic_float_min_max.
                use super::ext::cap as c;
                self.m.cap(match k.bits {
                    16 => c::ATOMIC_FLOAT16_MIN_MAX_EXT,
                    64 => c::ATOMIC_FLOAT64_MIN_MAX_EXT,
                    _ => c::ATOMIC_FLOAT32_MIN_MAX_EXT,
                });
                self.m.exts.insert("SPV_EXT_shader_atomic_float_min_max");
                if aop == AtomicOp::Fmin {
                    super::ext::op::ATOMIC_F_MIN_EXT
                } else {
                    super::ext::op::ATOMIC_F_MAX_EXT
                }
            }
            AtomicOp::Inc | AtomicOp::Dec => {
                return Err(SpirvError::new(format!(
                    "atomic {} is not supported in SPIR-V output yet",
                    aop.name()
                )))
            }
        };
        let v = vals.first().copied().unwrap_or(0);
        Ok(self.op1(opc, k, &[ptr, scope, sem, v]))
    }

    /// A block terminator (`OpKill`, `OpAbortKHR`) where the IR block goes on: what follows
    /// is written in an unreachable block. Directly in a loop body, what follows falls
    /// through to the continue target: a block after the terminator would reach it from
    /// outside the loop's construct (nothing dominates it), so a selection on `true` keeps
    /// it inside.
    fn terminate_mid_block(&mut self, opc: u16, operands: &[u32]) {
        if self
            .ir_block
            .is_some_and(|b| matches!(self.f.blocks[b].list, Some(ListRef::Loop(_))))
        {
            let t = self.m.constant(Kind::new(BaseType::Bool, 1, 1), &[1]);
            let end = self.new_id();
            let cont = self.new_id();
            self.code.inst(op::SELECTION_MERGE, &[cont, 0]);
            self.code.inst(op::BRANCH_CONDITIONAL, &[t, end, cont]);
            self.start_block(end);
            self.code.inst(opc, operands);
            self.start_block(cont);
        } else {
            self.code.inst(opc, operands);
            self.dead_block();
        }
    }

    /// Starts an unreachable block after a block terminator written mid-block.
    fn dead_block(&mut self) {
        let l = self.new_id();
        self.start_block(l);
    }

    fn emit_intrinsic(&mut self, x: &IntrinsicInstr) -> Result<()> {
        use Intrinsic as I;
        let dest_kind = x.dest.map(|d| self.kind_of(d));
        match x.op {
            I::LoadDeref if self.ref_slot_ptr(x.srcs[0]).is_some() => {
                // A buffer reference held as a pointer (`refs.rs`): loaded as one.
                let (pid, pt, class) = self.ref_slot_ptr(x.srcs[0]).unwrap_or_default();
                let id = self.new_id();
                let mut args = vec![pt, id, pid];
                args.extend(Self::mem_operands(class, Kind::new(BaseType::Uint, 64, 1)));
                self.code.inst(op::LOAD, &args);
                if let Some(d) = x.dest {
                    self.vals[d.0 as usize] = Val::Ref(id, pt);
                }
            }
            I::StoreDeref if self.ref_slot_ptr(x.srcs[0]).is_some() => {
                let (pid, pt, class) = self.ref_slot_ptr(x.srcs[0]).unwrap_or_default();
                let v = self.value_as_ref(x.srcs[1], pt)?;
                let mut args = vec![pid, v];
                args.extend(Self::mem_operands(class, Kind::new(BaseType::Uint, 64, 1)));
                self.code.inst(op::STORE, &args);
            }
            I::LoadDeref => {
                let (id, k) = self.load(x.srcs[0])?;
                if let Some(d) = x.dest {
                    self.set(d, id, k);
                }
            }
            I::StoreDeref => {
                let mask = x.index(IndexKind::WriteMask).unwrap_or(0xf) as u32;
                self.store(x.srcs[0], x.srcs[1], mask)?;
            }
            I::CopyDeref if self.copy_bindless(x)? => {}
            I::CopyDeref => {
                let (did, dt, dclass, _, _) = self.ptr(x.srcs[0])?;
                let (sid, st, sclass, _, _) = self.ptr(x.srcs[1])?;
                if let Some(c) = self.read_only_init(x.srcs[1]).filter(|_| dt == st) {
                    // The whole of a constant: one store of it (`const_globals.rs`).
                    self.code.inst(op::STORE, &[did, c]);
                } else {
                    let mut budget = 65536;
                    self.copy((did, dt, dclass), (sid, st, sclass), &mut budget)?;
                }
            }
            I::DerefAtomic | I::DerefAtomicSwap => {
                let (pid, _, _, ty, mode) = self.ptr(x.srcs[0])?;
                let k = self
                    .m
                    .value_kind(ty)
                    .ok_or_else(|| SpirvError::new("atomic on a non-scalar"))?;
                let id = self.atomic(x, pid, mode, k, &x.srcs[1..])?;
                if let Some(d) = x.dest {
                    self.set(d, id, k);
                }
            }
            I::AtomicCounterRead | I::AtomicCounterOp | I::AtomicCounterOpSwap => {
                let (pid, _, _, _, _) = self.ptr(x.srcs[0])?;
                let k = Kind::new(BaseType::Uint, 32, 1);
                let scope = self.m.const_u32(1);
                let sem = self.m.const_u32(0);
                let id = match x.op {
                    I::AtomicCounterRead => self.op1(op::ATOMIC_LOAD, k, &[pid, scope, sem]),
                    I::AtomicCounterOpSwap => {
                        let new = self.value_as(x.srcs[1], k)?;
                        let cmp = self.value_as(x.srcs[2], k)?;
                        self.op1(
                            op::ATOMIC_COMPARE_EXCHANGE,
                            k,
                            &[pid, scope, sem, sem, new, cmp],
                        )
                    }
                    _ => match x.index(IndexKind::Atomic).and_then(AtomicOp::from_index) {
                        Some(AtomicOp::Inc) => {
                            self.op1(op::ATOMIC_I_INCREMENT, k, &[pid, scope, sem])
                        }
                        Some(AtomicOp::Dec) => {
                            // atomicCounterDecrement returns the new value.
                            let old = self.op1(op::ATOMIC_I_DECREMENT, k, &[pid, scope, sem]);
                            let one = self.m.const_u32(1);
                            self.op1(op::I_SUB, k, &[old, one])
                        }
                        _ => self.atomic(x, pid, VarMode::Ssbo, k, &x.srcs[1..])?,
                    },
                };
                if let Some(d) = x.dest {
                    self.set(d, id, k);
                }
            }
            I::DerefBufferArrayLength
                if self
                    .ptr(x.srcs[0])
                    .is_ok_and(|p| self.m.array_lens.contains_key(&p.1)) =>
            {
                // An unsized stage input or output, sized when declared.
                let t = self.ptr(x.srcs[0])?.1;
                let n = self.m.array_lens.get(&t).copied().unwrap_or(0);
                if let Some(d) = x.dest {
                    self.set_const(d, smallvec::smallvec![u64::from(n)]);
                }
            }
            I::DerefBufferArrayLength => {
                let arr = x.srcs[0];
                let def = &self.f.instrs[self.f.values[arr].def].kind;
                let InstrKind::Deref(fresnel_ir::Deref {
                    kind: DerefKind::Struct { parent, field },
                    ..
                }) = def
                else {
                    return Err(SpirvError::new(
                        "length() of an array that is not a block member",
                    ));
                };
                let (pid, _, _, _, _) = self.ptr(*parent)?;
                let k = Kind::new(BaseType::Uint, 32, 1);
                let id = self.op1(op::ARRAY_LENGTH, k, &[pid, *field]);
                if let Some(d) = x.dest {
                    self.set(d, id, k);
                }
            }
            I::Terminate => self.terminate_mid_block(op::KILL, &[]),
            I::TerminateIf => {
                let c = self.value_as(x.srcs[0], Kind::new(BaseType::Bool, 1, 1))?;
                let kill = self.new_id();
                let cont = self.new_id();
                self.code.inst(op::SELECTION_MERGE, &[cont, 0]);
                self.code.inst(op::BRANCH_CONDITIONAL, &[c, kill, cont]);
                self.start_block(kill);
                self.code.inst(op::KILL, &[]);
                self.start_block(cont);
            }
            I::Demote | I::IsHelperInvocation => {
                self.m.cap(cap::DEMOTE_TO_HELPER_INVOCATION);
                if self.m.version() < (1, 6) {
                    self.m.exts.insert("SPV_EXT_demote_to_helper_invocation");
                }
                if x.op == I::Demote {
                    self.code.inst(op::DEMOTE_TO_HELPER_INVOCATION, &[]);
                } else {
                    let k = Kind::new(BaseType::Bool, 1, 1);
                    let id = self.op1(op::IS_HELPER_INVOCATION, k, &[]);
                    if let Some(d) = x.dest {
                        self.set(d, id, k);
                    }
                }
            }
            I::Barrier => {
                let wg = self.m.const_u32(2);
                if self.m.shader.stage == fresnel_ir::Stage::TessControl {
                    // Tessellation control: the GLSL450 memory model has no workgroup
                    // memory there; invocation scope, no semantics (as glslang writes it).
                    let inv = self.m.const_u32(4);
                    let none = self.m.const_u32(0);
                    self.code.inst(op::CONTROL_BARRIER, &[wg, inv, none]);
                } else {
                    let sem = self.m.const_u32(0x108);
                    self.code.inst(op::CONTROL_BARRIER, &[wg, wg, sem]);
                }
            }
            I::MemoryBarrier => {
                let dev = self.m.const_u32(1);
                let sem = self.m.const_u32(0x948);
                self.code.inst(op::MEMORY_BARRIER, &[dev, sem]);
            }
            I::EmitVertex | I::EndPrimitive => {
                let stream = x.index(IndexKind::Stream).unwrap_or(0);
                if stream == 0 {
                    let opc = if x.op == I::EmitVertex {
                        op::EMIT_VERTEX
                    } else {
                        op::END_PRIMITIVE
                    };
                    self.code.inst(opc, &[]);
                } else {
                    self.m.cap(cap::GEOMETRY_STREAMS);
                    let s = self.m.const_u32(stream as u32);
                    let opc = if x.op == I::EmitVertex {
                        op::EMIT_STREAM_VERTEX
                    } else {
                        op::END_STREAM_PRIMITIVE
                    };
                    self.code.inst(opc, &[s]);
                }
            }
            I::InterpDerefAtCentroid | I::InterpDerefAtSample | I::InterpDerefAtOffset => {
                self.m.cap(cap::INTERPOLATION_FUNCTION);
                let (pid, _, _, ty, _) = self.ptr(x.srcs[0])?;
                let k = self
                    .m
                    .value_kind(ty)
                    .ok_or_else(|| SpirvError::new("interpolation of a non-vector"))?;
                // (Issue 5, helper V) A 16-bit result is what SPV_AMD_gpu_shader_half_float
                // allows, as glslang declares it (SPIRV-Tools 2023.1 still rejects it).
                if k.bits == 16 {
                    self.m.exts.insert("SPV_AMD_gpu_shader_half_float");
                }
                let id = match x.op {
                    I::InterpDerefAtCentroid => self.ext(glsl::INTERPOLATE_AT_CENTROID, k, &[pid]),
                    I::InterpDerefAtSample => {
                        let s = self.prefix(x.srcs[1], 1, BaseType::Int)?;
                        self.ext(glsl::INTERPOLATE_AT_SAMPLE, k, &[pid, s])
                    }
                    _ => {
                        let o = self.prefix(x.srcs[1], 2, BaseType::Float)?;
                        self.ext(glsl::INTERPOLATE_AT_OFFSET, k, &[pid, o])
                    }
                };
                if let Some(d) = x.dest {
                    self.set(d, id, k);
                }
            }
            I::ImageDerefLoad
            | I::ImageDerefStore
            | I::ImageDerefAtomic
            | I::ImageDerefAtomicSwap
            | I::ImageDerefSize
            | I::ImageDerefSamples
            | I::ImageDerefLoadLod
            | I::ImageDerefStoreLod
            | I::ImageDerefSparseLoad
            | I::ImageDerefSparseLoadLod => self.emit_image(x, dest_kind)?,
            I::IsSparseTexelsResident => {
                self.m.cap(super::ext::cap::SPARSE_RESIDENCY);
                let ik = Kind::new(BaseType::Int, 32, 1);
                let c = self.value_as(x.srcs[0], ik)?;
                let bk = Kind::new(BaseType::Bool, 1, 1);
                let id = self.op1(super::ext::op::IMAGE_SPARSE_TEXELS_RESIDENT, bk, &[c]);
                if let Some(d) = x.dest {
                    self.set(d, id, bk);
                }
            }
            I::SparseResidencyCodeAnd => {
                // Resident only when both are: the second code when the first says
                // resident, else the first.
                self.m.cap(super::ext::cap::SPARSE_RESIDENCY);
                let ik = Kind::new(BaseType::Int, 32, 1);
                let a = self.value_as(x.srcs[0], ik)?;
                let b = self.value_as(x.srcs[1], ik)?;
                let bk = Kind::new(BaseType::Bool, 1, 1);
                let ra = self.op1(super::ext::op::IMAGE_SPARSE_TEXELS_RESIDENT, bk, &[a]);
                let id = self.op1(op::SELECT, ik, &[ra, b, a]);
                if let Some(d) = x.dest {
                    self.set(d, id, ik);
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
            | I::PartitionedExclusiveScan => self.emit_subgroup(x)?,
            // spec constants: helper E
            I::LoadSpecConstant | I::LoadWorkgroupSize => self.emit_spec_constant(x)?,
            other => {
                if !self.emit_stage_intrinsic(x)?
                    && !self.emit_gap_intrinsic(x)?
                    && !self.emit_vendor_intrinsic(x)?
                    && !self.emit_spirv_instruction(x)?
                {
                    return Err(SpirvError::new(format!(
                        "intrinsic `{}` is not supported in SPIR-V output yet",
                        other.name()
                    )));
                }
            }
        }
        Ok(())
    }

    fn emit_subgroup(&mut self, x: &IntrinsicInstr) -> Result<()> {
        use Intrinsic as I;
        if self.m.version() < (1, 3) {
            if self.emit_subgroup_khr(x)? {
                return Ok(());
            }
            return Err(SpirvError::new(format!(
                "subgroup operation `{}` needs SPIR-V 1.3 (target Vulkan 1.1 or later); before it only the votes on booleans, ballots and reads of an invocation exist (SPV_KHR_subgroup_vote, SPV_KHR_shader_ballot)",
                x.op.name()
            )));
        }
        self.m.cap(cap::GROUP_NON_UNIFORM);
        let scope = self.m.const_u32(3);
        let bk = Kind::new(BaseType::Bool, 1, 1);
        let d = x
            .dest
            .ok_or_else(|| SpirvError::new("subgroup operation without a result"))?;
        let (id, k) = match x.op {
            I::VoteAny | I::VoteAll => {
                self.m.cap(cap::GROUP_NON_UNIFORM_VOTE);
                let p = self.value_as(x.srcs[0], bk)?;
                let opc = if x.op == I::VoteAny {
                    op::GROUP_NON_UNIFORM_ANY
                } else {
                    op::GROUP_NON_UNIFORM_ALL
                };
                (self.op1(opc, bk, &[scope, p]), bk)
            }
            I::VoteEq => {
                self.m.cap(cap::GROUP_NON_UNIFORM_VOTE);
                let vk = self.natural_kind(x.srcs[0]);
                let v = self.value_as(x.srcs[0], vk)?;
                (
                    self.op1(op::GROUP_NON_UNIFORM_ALL_EQUAL, bk, &[scope, v]),
                    bk,
                )
            }
            I::Ballot => {
                self.m.cap(cap::GROUP_NON_UNIFORM_BALLOT);
                let p = self.value_as(x.srcs[0], bk)?;
                let k = Kind::new(BaseType::Uint, 32, 4);
                (self.op1(op::GROUP_NON_UNIFORM_BALLOT, k, &[scope, p]), k)
            }
            I::Elect => (self.op1(op::GROUP_NON_UNIFORM_ELECT, bk, &[scope]), bk),
            I::ReadInvocation | I::Shuffle => {
                let vk = self.natural_kind(x.srcs[0]);
                let v = self.value_as(x.srcs[0], vk)?;
                let ik = Kind::new(BaseType::Uint, 32, 1);
                let is_const = matches!(self.vals[x.srcs[1].0 as usize], Val::Const(_));
                let i = self.value_as(x.srcs[1], ik)?;
                let opc = if x.op == I::ReadInvocation && is_const {
                    self.m.cap(cap::GROUP_NON_UNIFORM_BALLOT);
                    op::GROUP_NON_UNIFORM_BROADCAST
                } else {
                    self.m.cap(cap::GROUP_NON_UNIFORM_SHUFFLE);
                    op::GROUP_NON_UNIFORM_SHUFFLE
                };
                (self.op1(opc, vk, &[scope, v, i]), vk)
            }
            I::ReadFirstInvocation => {
                self.m.cap(cap::GROUP_NON_UNIFORM_BALLOT);
                let vk = self.natural_kind(x.srcs[0]);
                let v = self.value_as(x.srcs[0], vk)?;
                (
                    self.op1(op::GROUP_NON_UNIFORM_BROADCAST_FIRST, vk, &[scope, v]),
                    vk,
                )
            }
            I::Partition => {
                self.partitioned_nv();
                let vk = self.natural_kind(x.srcs[0]);
                let v = self.value_as(x.srcs[0], vk)?;
                let k = Kind::new(BaseType::Uint, 32, 4);
                (self.op1(op::GROUP_NON_UNIFORM_PARTITION_NV, k, &[v]), k)
            }
            _ => {
                let rop = x
                    .index(IndexKind::ReductionOp)
                    .and_then(ReductionOp::from_index)
                    .ok_or_else(|| SpirvError::new("subgroup reduction without its operation"))?;
                let vk = self.natural_kind(x.srcs[0]);
                let v = self.value_as(x.srcs[0], vk)?;
                let float = vk.base == BaseType::Float;
                let boolean = vk.base == BaseType::Bool;
                // OpGroupNonUniform{IAdd, FAdd, IMul, FMul, SMin, UMin, FMin, SMax, UMax,
                // FMax, BitwiseAnd/Or/Xor, LogicalAnd/Or/Xor}.
                let opc: u16 = match rop {
                    ReductionOp::Iadd | ReductionOp::Fadd if float => 350,
                    ReductionOp::Iadd | ReductionOp::Fadd => 349,
                    ReductionOp::Imul | ReductionOp::Fmul if float => 352,
                    ReductionOp::Imul | ReductionOp::Fmul => 351,
                    ReductionOp::Imin | ReductionOp::Fmin if float => 355,
                    ReductionOp::Imin | ReductionOp::Fmin => 353,
                    ReductionOp::Umin => 354,
                    ReductionOp::Imax | ReductionOp::Fmax if float => 358,
                    ReductionOp::Imax | ReductionOp::Fmax => 356,
                    ReductionOp::Umax => 357,
                    ReductionOp::Iand if boolean => 362,
                    ReductionOp::Ior if boolean => 363,
                    ReductionOp::Ixor if boolean => 364,
                    ReductionOp::Iand => 359,
                    ReductionOp::Ior => 360,
                    ReductionOp::Ixor => 361,
                };
                // GroupOperation Reduce, InclusiveScan, ExclusiveScan; ClusteredReduce with
                // the cluster size as a constant operand.
                let cluster = x.index(IndexKind::ClusterSize).filter(|&c| c > 0);
                let partitioned = match x.op {
                    I::PartitionedReduce => Some(6),
                    I::PartitionedInclusiveScan => Some(7),
                    I::PartitionedExclusiveScan => Some(8),
                    _ => None,
                };
                match (x.op, cluster, partitioned) {
                    // PartitionedReduceNV, PartitionedInclusiveScanNV,
                    // PartitionedExclusiveScanNV with the partition's ballot.
                    (_, _, Some(group_op)) => {
                        self.partitioned_nv();
                        let b = self.value_as(x.srcs[1], Kind::new(BaseType::Uint, 32, 4))?;
                        (self.op1(opc, vk, &[scope, group_op, v, b]), vk)
                    }
                    (I::Reduce, Some(c), None) => {
                        self.m.cap(cap::GROUP_NON_UNIFORM_CLUSTERED);
                        let size = self.m.const_u32(c as u32);
                        (self.op1(opc, vk, &[scope, 3, v, size]), vk)
                    }
                    _ => {
                        self.m.cap(cap::GROUP_NON_UNIFORM_ARITHMETIC);
                        let group_op = match x.op {
                            I::Reduce => 0,
                            I::InclusiveScan => 1,
                            _ => 2,
                        };
                        (self.op1(opc, vk, &[scope, group_op, v]), vk)
                    }
                }
            }
        };
        self.set(d, id, k);
        Ok(())
    }

    /// GL_NV_shader_subgroup_partitioned: its capability and extension.
    fn partitioned_nv(&mut self) {
        self.m.cap(cap::GROUP_NON_UNIFORM_PARTITIONED_NV);
        self.m.exts.insert("SPV_NV_shader_subgroup_partitioned");
    }

    /// Subgroup operations before SPIR-V 1.3, as GL_ARB_shader_group_vote and
    /// GL_ARB_shader_ballot are written for Vulkan 1.0: SPV_KHR_subgroup_vote's
    /// `OpSubgroupAny/All/AllEqualKHR` (booleans only) and SPV_KHR_shader_ballot's
    /// `OpSubgroupBallotKHR`, `OpSubgroupReadInvocationKHR` and
    /// `OpSubgroupFirstInvocationKHR` (no scope operand). False for the others.
    fn emit_subgroup_khr(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        use super::ext::{cap as xcap, op as xop};
        use Intrinsic as I;
        let Some(d) = x.dest else {
            return Ok(false);
        };
        let bk = Kind::new(BaseType::Bool, 1, 1);
        let vote = |m: &mut Module| {
            m.cap(xcap::SUBGROUP_VOTE_KHR);
            m.exts.insert("SPV_KHR_subgroup_vote");
        };
        let ballot = |m: &mut Module| {
            m.cap(xcap::SUBGROUP_BALLOT_KHR);
            m.exts.insert("SPV_KHR_shader_ballot");
        };
        let (id, k) = match x.op {
            I::VoteAny | I::VoteAll => {
                vote(self.m);
                let p = self.value_as(x.srcs[0], bk)?;
                let opc = if x.op == I::VoteAny {
                    xop::SUBGROUP_ANY_KHR
                } else {
                    xop::SUBGROUP_ALL_KHR
                };
                (self.op1(opc, bk, &[p]), bk)
            }
            I::VoteEq if self.f.values[x.srcs[0]].bit_size == 1 => {
                vote(self.m);
                let p = self.value_as(x.srcs[0], bk)?;
                (self.op1(xop::SUBGROUP_ALL_EQUAL_KHR, bk, &[p]), bk)
            }
            I::Ballot => {
                ballot(self.m);
                let p = self.value_as(x.srcs[0], bk)?;
                let k = Kind::new(BaseType::Uint, 32, 4);
                (self.op1(xop::SUBGROUP_BALLOT_KHR, k, &[p]), k)
            }
            I::ReadInvocation => {
                ballot(self.m);
                let vk = self.natural_kind(x.srcs[0]);
                let v = self.value_as(x.srcs[0], vk)?;
                let i = self.value_as(x.srcs[1], Kind::new(BaseType::Uint, 32, 1))?;
                (self.op1(xop::SUBGROUP_READ_INVOCATION_KHR, vk, &[v, i]), vk)
            }
            I::ReadFirstInvocation => {
                ballot(self.m);
                let vk = self.natural_kind(x.srcs[0]);
                let v = self.value_as(x.srcs[0], vk)?;
                (self.op1(xop::SUBGROUP_FIRST_INVOCATION_KHR, vk, &[v]), vk)
            }
            _ => return Ok(false),
        };
        self.set(d, id, k);
        Ok(true)
    }

    /// A `vecN` that keeps a vector's own components in place but one, which comes from
    /// a scalar (`vec4(v.x + 1.0, v.yzw)`): `OpCompositeInsert` of that one into the vector
    /// (one instruction where a shuffle and a construct are two).
    fn vec_insert(&mut self, a: &fresnel_ir::Alu, dk: Kind) -> Result<Option<()>> {
        let n = a.srcs.len();
        let in_place =
            |v: ValueId, j: usize| a.srcs[j].value == v && usize::from(a.srcs[j].swizzle[0]) == j;
        let base = a.srcs.iter().map(|s| s.value).find(|&v| {
            usize::from(self.f.values[v].num_components) == n
                && self.f.values[v].bit_size == dk.bits
                && !matches!(self.vals[v.0 as usize], Val::Const(_))
                && (0..n).filter(|&j| !in_place(v, j)).count() == 1
        });
        let Some(v) = base else {
            return Ok(None);
        };
        let Some(j) = (0..n).find(|&j| !in_place(v, j)) else {
            return Ok(None);
        };
        let vid = self.value_as(v, dk)?;
        let sid = self.alu_src(&a.srcs[j], 1, Some(dk.base))?.0;
        let id = self.op1(op::COMPOSITE_INSERT, dk, &[sid, vid, j as u32]);
        self.set(a.dest, id, dk);
        Ok(Some(()))
    }

    /// A `vecN` that keeps a vector's own components in place but some, each the same
    /// arithmetic of that component and a scalar (`vec4(v.x + s, v.yzw)`, `v.x += s`): the
    /// operation on the whole vector, the other components combined with the operation's
    /// identity (`v + vec4(s, -0.0, -0.0, -0.0)`). `x + -0.0`, `x - 0.0` and `x * 1.0` are
    /// `x` bit for bit (integers likewise), so the result is the same; it is one
    /// instruction where extracting, computing and inserting are three (with a constant
    /// scalar, one where they are three). The scalar operations left without readers go in
    /// the dead-instruction sweep.
    fn vec_lanewise(&mut self, a: &fresnel_ir::Alu, dk: Kind) -> Result<Option<()>> {
        let n = a.srcs.len();
        let f = self.f;
        let in_place =
            |v: ValueId, j: usize| a.srcs[j].value == v && usize::from(a.srcs[j].swizzle[0]) == j;
        // The arithmetic making component `j`: (op, the scalar combined with `v.j`).
        let lane = |v: ValueId, j: usize| -> Option<(AluOp, AluSrc)> {
            let w = a.srcs[j].value;
            if f.values[w].num_components != 1 || f.values[w].uses.len() != 1 {
                return None;
            }
            let InstrKind::Alu(x) = &f.def(w).kind else {
                return None;
            };
            if x.exact || x.srcs.len() != 2 {
                return None;
            }
            let is_vj = |s: &AluSrc| s.value == v && usize::from(s.swizzle[0]) == j;
            let commutes = matches!(x.op, AluOp::Fadd | AluOp::Fmul | AluOp::Iadd);
            match x.op {
                AluOp::Fadd | AluOp::Fmul | AluOp::Fsub | AluOp::Iadd | AluOp::Isub => {}
                _ => return None,
            }
            if is_vj(&x.srcs[0]) && x.srcs[1].value != v {
                Some((x.op, x.srcs[1]))
            } else if commutes && is_vj(&x.srcs[1]) && x.srcs[0].value != v {
                Some((x.op, x.srcs[0]))
            } else {
                None
            }
        };
        // The vector: one read in place, or read by a lane's arithmetic.
        let mut candidates: SmallVec<[ValueId; 8]> = SmallVec::new();
        for s in &a.srcs {
            candidates.push(s.value);
            if let InstrKind::Alu(x) = &f.def(s.value).kind {
                candidates.extend(x.srcs.iter().map(|s| s.value));
            }
        }
        let mut found = None;
        for &v in &candidates {
            if usize::from(f.values[v].num_components) != n
                || f.values[v].bit_size != dk.bits
                || matches!(self.vals[v.0 as usize], Val::Const(_))
            {
                continue;
            }
            let mut op_of: Option<AluOp> = None;
            let mut scalars: SmallVec<[Option<AluSrc>; 4]> = SmallVec::new();
            let ok = (0..n).all(|j| {
                if in_place(v, j) {
                    scalars.push(None);
                    return true;
                }
                let Some((o, s)) = lane(v, j) else {
                    return false;
                };
                if op_of.is_some_and(|p| p != o) {
                    return false;
                }
                op_of = Some(o);
                scalars.push(Some(s));
                true
            });
            if ok && op_of.is_some() {
                found = Some((v, op_of, scalars));
                break;
            }
        }
        let Some((v, op_of, scalars)) = found else {
            return Ok(None);
        };
        let Some(o) = op_of else {
            return Ok(None);
        };
        let float = matches!(o, AluOp::Fadd | AluOp::Fmul | AluOp::Fsub);
        let k = if float {
            Kind::new(BaseType::Float, dk.bits, n as u8)
        } else {
            match dk.base {
                BaseType::Uint => dk,
                _ => Kind::new(BaseType::Int, dk.bits, n as u8),
            }
        };
        if float != (dk.base == BaseType::Float) {
            return Ok(None);
        }
        let identity: u64 = match (o, dk.bits) {
            (AluOp::Fadd, b) => 1u64 << (b - 1),
            (AluOp::Fmul, 16) => 0x3c00,
            (AluOp::Fmul, 32) => u64::from(1.0f32.to_bits()),
            (AluOp::Fmul, 64) => 1.0f64.to_bits(),
            (AluOp::Fmul, _) => return Ok(None),
            _ => 0,
        };
        // The other operand: a constant when every scalar is one.
        let mut const_bits: SmallVec<[u64; 4]> = SmallVec::new();
        for s in &scalars {
            match s {
                None => const_bits.push(identity),
                Some(s) => match &self.vals[s.value.0 as usize] {
                    &Val::Const(c) => const_bits.push(
                        self.consts[c as usize]
                            .get(usize::from(s.swizzle[0]))
                            .copied()
                            .unwrap_or(0),
                    ),
                    _ => break,
                },
            }
        }
        let other = if const_bits.len() == n {
            self.m.constant(k, &const_bits)
        } else {
            let mut parts: SmallVec<[u32; 4]> = SmallVec::new();
            for s in &scalars {
                parts.push(match s {
                    None => self.m.constant(k.scalar(), &[identity]),
                    Some(s) => self.alu_src(s, 1, Some(k.base))?.0,
                });
            }
            self.op1(op::COMPOSITE_CONSTRUCT, k, &parts)
        };
        let vid = self.value_as(v, k)?;
        let opc = match o {
            AluOp::Fadd => op::F_ADD,
            AluOp::Fsub => op::F_SUB,
            AluOp::Fmul => op::F_MUL,
            AluOp::Iadd => op::I_ADD,
            _ => op::I_SUB,
        };
        let id = self.op1(opc, k, &[vid, other]);
        self.set(a.dest, id, k);
        Ok(Some(()))
    }

    /// `id` of kind `k` converted to `bits` per component (same base type).
    fn resize(&mut self, id: u32, k: Kind, bits: u8) -> u32 {
        let opc = match k.base {
            BaseType::Float => op::F_CONVERT,
            BaseType::Int => op::S_CONVERT,
            _ => op::U_CONVERT,
        };
        self.op1(opc, k.with_bits(bits), &[id])
    }

    /// GL_AMD_shader_image_load_store_lod: the `Lod` operand on image reads and writes.
    fn image_lod_cap(&mut self) {
        self.m.cap(5015);
        self.m.exts.insert("SPV_AMD_shader_image_load_store_lod");
    }

    fn emit_image(&mut self, x: &IntrinsicInstr, dest_kind: Option<Kind>) -> Result<()> {
        use Intrinsic as I;
        let ty = self
            .deref_type(x.srcs[0])
            .ok_or_else(|| SpirvError::new("image operation on a non-deref"))?;
        let Type::Image { dim, array, result } = self.m.shader.types.get(ty).clone() else {
            return Err(SpirvError::new("image operation on a non-image"));
        };
        // Atomics go through a texel pointer into the variable: no image object loaded.
        let atomic = !matches!(
            x.op,
            I::ImageDerefSize
                | I::ImageDerefSamples
                | I::ImageDerefLoad
                | I::ImageDerefLoadLod
                | I::ImageDerefSparseLoad
                | I::ImageDerefSparseLoadLod
                | I::ImageDerefStore
                | I::ImageDerefStoreLod
        );
        let img = if atomic {
            0
        } else {
            self.opaque_object(x.srcs[0])?.0
        };
        let ncoord = image_coord_components(dim, array);
        let ms = matches!(dim, SamplerDim::Ms);
        match x.op {
            I::ImageDerefSize | I::ImageDerefSamples => {
                self.m.cap(cap::IMAGE_QUERY);
                let d = x
                    .dest
                    .ok_or_else(|| SpirvError::new("query without result"))?;
                let n = self.f.values[d].num_components;
                let k = Kind::new(BaseType::Int, 32, n);
                let id = if x.op == I::ImageDerefSize {
                    self.op1(op::IMAGE_QUERY_SIZE, k, &[img])
                } else {
                    self.op1(op::IMAGE_QUERY_SAMPLES, k, &[img])
                };
                self.set(d, id, k);
            }
            I::ImageDerefLoad
            | I::ImageDerefLoadLod
            | I::ImageDerefSparseLoad
            | I::ImageDerefSparseLoadLod => {
                let coord = self.int_prefix(x.srcs[1], ncoord)?;
                let d = x
                    .dest
                    .ok_or_else(|| SpirvError::new("load without result"))?;
                let k = Kind::new(result, self.f.values[d].bit_size, 4);
                let mut args = vec![img, coord];
                let lod = matches!(x.op, I::ImageDerefLoadLod | I::ImageDerefSparseLoadLod);
                if lod {
                    self.image_lod_cap();
                    let l = self.int_prefix(x.srcs[2], 1)?;
                    args.extend([io::LOD, l]);
                } else if ms {
                    let s = self.int_prefix(x.srcs[2], 1)?;
                    args.extend([io::SAMPLE, s]);
                }
                if matches!(x.op, I::ImageDerefSparseLoad | I::ImageDerefSparseLoadLod) {
                    let mut code = Some(0);
                    let texel = if k.bits < 32 {
                        let wide = k.with_bits(32);
                        let t = self.lookup(op::IMAGE_READ, wide, &args, &mut code);
                        self.resize(t, wide, k.bits)
                    } else {
                        self.lookup(op::IMAGE_READ, k, &args, &mut code)
                    };
                    let code = self.code_int(code.unwrap_or(0), k);
                    self.vals[d.0 as usize] = Val::Sparse { texel, tk: k, code };
                    return Ok(());
                }
                // 16-bit results (f16image*): read the image's 32-bit texel, convert.
                let id = if k.bits < 32 {
                    let wide = k.with_bits(32);
                    let id = self.op1(op::IMAGE_READ, wide, &args);
                    self.resize(id, wide, k.bits)
                } else {
                    self.op1(op::IMAGE_READ, k, &args)
                };
                let dk = dest_kind.unwrap_or(k);
                let id = self.convert(id, k, dk.with_comps(4))?;
                self.set(d, id, dk);
            }
            I::ImageDerefStore | I::ImageDerefStoreLod => {
                let coord = self.int_prefix(x.srcs[1], ncoord)?;
                let tk = Kind::new(result, self.f.values[x.srcs[3]].bit_size, 4);
                let mut texel = self.value_as(x.srcs[3], tk)?;
                if tk.bits < 32 {
                    texel = self.resize(texel, tk, 32);
                }
                let mut args = vec![img, coord, texel];
                if x.op == I::ImageDerefStoreLod {
                    self.image_lod_cap();
                    let l = self.int_prefix(x.srcs[2], 1)?;
                    args.extend([io::LOD, l]);
                } else if ms {
                    let s = self.int_prefix(x.srcs[2], 1)?;
                    args.extend([io::SAMPLE, s]);
                }
                self.code.inst(op::IMAGE_WRITE, &args);
            }
            _ => {
                // Atomics through a texel pointer (the image variable, not a loaded value).
                let (pid, image_t, _, _, _) = self.ptr(x.srcs[0])?;
                let coord = self.int_prefix(x.srcs[1], ncoord)?;
                let sample = if ms {
                    self.int_prefix(x.srcs[2], 1)?
                } else {
                    self.m.const_u32(0)
                };
                let k = Kind::new(result, self.f.values[x.srcs[3]].bit_size, 1);
                // A heap image: an untyped texel pointer (`heap.rs`).
                if let Some(tp) = self.heap_texel_pointer(pid, image_t, coord, sample) {
                    let id = self.atomic(x, tp, VarMode::Uniform, k, &x.srcs[3..])?;
                    if let Some(d) = x.dest {
                        self.set(d, id, k);
                    }
                    return Ok(());
                }
                let st = self.m.kind_type(k);
                let pt = self.m.pointer(11, st);
                // The same texel's pointer once per block (it only computes an address).
                let ops = [pid, coord, sample];
                let tp = match self.pure.get(op::IMAGE_TEXEL_POINTER, pt, &ops) {
                    Some(tp) => tp,
                    None => {
                        let tp = self.new_id();
                        self.code
                            .inst(op::IMAGE_TEXEL_POINTER, &[pt, tp, pid, coord, sample]);
                        self.pure.insert(op::IMAGE_TEXEL_POINTER, pt, &ops, tp);
                        tp
                    }
                };
                let id = self.atomic(x, tp, VarMode::Uniform, k, &x.srcs[3..])?;
                if let Some(d) = x.dest {
                    self.set(d, id, k);
                }
            }
        }
        Ok(())
    }

    // ---- textures ----

    /// A lookup, or its sparse form (`OpImageSparse*`, returning the residency code and the
    /// texel): the texel, with the code stored in `code`.
    fn lookup(&mut self, opc: u16, rk: Kind, args: &[u32], code: &mut Option<u32>) -> u32 {
        let sparse = match opc {
            op::IMAGE_SAMPLE_IMPLICIT_LOD => super::ext::op::IMAGE_SPARSE_SAMPLE_IMPLICIT_LOD,
            op::IMAGE_SAMPLE_EXPLICIT_LOD => super::ext::op::IMAGE_SPARSE_SAMPLE_EXPLICIT_LOD,
            op::IMAGE_SAMPLE_DREF_IMPLICIT_LOD => {
                super::ext::op::IMAGE_SPARSE_SAMPLE_DREF_IMPLICIT_LOD
            }
            op::IMAGE_SAMPLE_DREF_EXPLICIT_LOD => {
                super::ext::op::IMAGE_SPARSE_SAMPLE_DREF_EXPLICIT_LOD
            }
            op::IMAGE_FETCH => super::ext::op::IMAGE_SPARSE_FETCH,
            op::IMAGE_GATHER => super::ext::op::IMAGE_SPARSE_GATHER,
            op::IMAGE_DREF_GATHER => super::ext::op::IMAGE_SPARSE_DREF_GATHER,
            op::IMAGE_READ => super::ext::op::IMAGE_SPARSE_READ,
            _ => 0,
        };
        if code.is_none() || sparse == 0 {
            return self.op1(opc, rk, args);
        }
        self.m.cap(super::ext::cap::SPARSE_RESIDENCY);
        let ik = Kind::new(BaseType::Int, 32, 1);
        let st = self.struct_type(&[ik, rk]);
        let whole = self.new_id();
        let mut ops = vec![st, whole];
        ops.extend_from_slice(args);
        self.code.inst(sparse, &ops);
        *code = Some(self.op1(op::COMPOSITE_EXTRACT, ik, &[whole, 0]));
        self.op1(op::COMPOSITE_EXTRACT, rk, &[whole, 1])
    }

    /// The residency code (32-bit) as a component of a texel of kind `k` (the IR gives the
    /// code the texel's bit size: widened or narrowed with a sign-extending conversion).
    fn code_as(&mut self, code: u32, k: Kind) -> Result<u32> {
        let code = self.code_int(code, k);
        self.convert(code, Kind::new(BaseType::Int, k.bits, 1), k.scalar())
    }

    /// The residency code (32-bit) as an integer of the bit size of texel kind `k`.
    fn code_int(&mut self, code: u32, k: Kind) -> u32 {
        if k.bits == 32 {
            code
        } else {
            let wk = Kind::new(BaseType::Int, k.bits, 1);
            self.op1(op::S_CONVERT, wk, &[code])
        }
    }

    /// The value of a sparse lookup: the texel's components then the residency code.
    fn with_code(&mut self, texel: u32, k: Kind, code: u32) -> Result<(u32, Kind)> {
        let c = self.code_as(code, k)?;
        let mut parts = Vec::new();
        if k.comps == 1 {
            parts.push(texel);
        } else {
            for i in 0..k.comps {
                parts.push(self.op1(op::COMPOSITE_EXTRACT, k.scalar(), &[texel, u32::from(i)]));
            }
        }
        parts.push(c);
        let all = k.with_comps(k.comps + 1);
        if all.comps > 4 {
            return Ok((0, all));
        }
        Ok((self.op1(op::COMPOSITE_CONSTRUCT, all, &parts), all))
    }

    /// `OpSampledImage` of a loaded texture (of SPIR-V type `image_type`) and the sampler
    /// `sampler` derefs: the sampled image and its type.
    pub(super) fn sampled_image(
        &mut self,
        image: u32,
        image_type: u32,
        sampler: ValueId,
    ) -> Result<(u32, u32)> {
        let sit = self.m.ty(op::TYPE_SAMPLED_IMAGE, &[image_type]);
        self.m.image_of.insert(sit, image_type);
        let (sp, st, _, _, _) = self.ptr(sampler)?;
        let smp = self.load_handle(st, sp);
        let si = self.new_id();
        self.code.inst(op::SAMPLED_IMAGE, &[sit, si, image, smp]);
        Ok((si, sit))
    }

    fn emit_tex(&mut self, t: &Tex) -> Result<()> {
        let mut code: Option<u32> = if t.is_sparse { Some(0) } else { None };
        let tex = t
            .src(TexSrc::TextureDeref)
            .ok_or_else(|| SpirvError::new("texture instruction without a texture"))?;
        let (loaded, pointee) = self.opaque_object(tex)?;
        // A texture alone (separate samplers): combine it with the sampler, and use it
        // directly where an image is wanted.
        let (si, si_type, plain_image) = if self.m.image_of.contains_key(&pointee) {
            (loaded, pointee, None)
        } else {
            match t.src(TexSrc::SamplerDeref) {
                Some(s) => {
                    let (si, sit) = self.sampled_image(loaded, pointee, s)?;
                    (si, sit, Some(loaded))
                }
                None => (0, 0, Some(loaded)),
            }
        };
        let image = |cx: &mut Self| -> Result<u32> {
            if let Some(img) = plain_image {
                return Ok(img);
            }
            let Some(&it) = cx.m.image_of.get(&si_type) else {
                return Err(SpirvError::new("internal: texture is not a sampled image"));
            };
            let id = cx.new_id();
            cx.code.inst(op::IMAGE, &[it, id, si]);
            Ok(id)
        };
        if si == 0
            && !matches!(
                t.op,
                TexOp::Txf | TexOp::TxfMs | TexOp::Txs | TexOp::QueryLevels | TexOp::TextureSamples
            )
        {
            return Err(SpirvError::new("sampling a texture without a sampler"));
        }
        let d = &self.f.values[t.dest];
        let (dbits, dn) = (d.bit_size, d.num_components);
        // Implicit level of detail: fragment shaders, and compute-like shaders declaring a
        // derivative group (GL_NV/KHR_compute_shader_derivatives). Elsewhere derivatives are
        // zero, so a lookup reads the base level (explicit LOD 0, any bias dropped).
        let fragment = self.implicit_derivatives();
        let coord_base = if matches!(t.op, TexOp::Txf | TexOp::TxfMs) {
            BaseType::Int
        } else {
            BaseType::Float
        };
        let coord = match t.src(TexSrc::Coord) {
            Some(c) => {
                let n = self.f.values[c].num_components;
                Some(self.prefix(c, n, coord_base)?)
            }
            None => None,
        };
        let need_coord =
            || coord.ok_or_else(|| SpirvError::new("texture lookup without coordinates"));
        // Image operands in mask order.
        let mut mask = 0u32;
        let mut operands: Vec<(u32, Vec<u32>)> = Vec::new();
        let explicit = matches!(t.op, TexOp::Txl | TexOp::Txd)
            || (!fragment && matches!(t.op, TexOp::Tex | TexOp::Txb));
        if let Some(b) = t.src(TexSrc::Bias) {
            if (fragment && t.op == TexOp::Txb) || t.op == TexOp::Tg4 {
                let v = self.prefix(b, 1, BaseType::Float)?;
                operands.push((io::BIAS, vec![v]));
            }
        }
        if let Some(l) = t.src(TexSrc::Lod) {
            let base = if matches!(t.op, TexOp::Txf | TexOp::Txs) {
                BaseType::Int
            } else {
                BaseType::Float
            };
            let no_mips = matches!(
                t.dim,
                SamplerDim::Rect | SamplerDim::Buffer | SamplerDim::Ms
            );
            if !matches!(t.op, TexOp::Txs | TexOp::QueryLevels) && !no_mips {
                let v = self.prefix(l, 1, base)?;
                operands.push((io::LOD, vec![v]));
            }
        }
        let has_lod = operands.iter().any(|(m, _)| *m == io::LOD);
        let sampling = matches!(t.op, TexOp::Tex | TexOp::Txb | TexOp::Txl);
        if explicit && sampling && !has_lod {
            if t.dim == SamplerDim::Rect {
                // Rectangle textures have no mip levels: zero gradients.
                let n = t.dim.coord_components();
                let z = self.m.constant(Kind::new(BaseType::Float, 32, n), &[0; 4]);
                operands.push((io::GRAD, vec![z, z]));
            } else {
                let z = self.m.constant(Kind::new(BaseType::Float, 32, 1), &[0]);
                operands.push((io::LOD, vec![z]));
            }
        }
        if let (Some(dx), Some(dy)) = (t.src(TexSrc::Ddx), t.src(TexSrc::Ddy)) {
            let n = self.f.values[dx].num_components;
            let a = self.prefix(dx, n, BaseType::Float)?;
            let b = self.prefix(dy, n, BaseType::Float)?;
            operands.push((io::GRAD, vec![a, b]));
        }
        if let Some(o) = t.src(TexSrc::Offset) {
            let n = self.f.values[o].num_components;
            let is_const = matches!(self.vals[o.0 as usize], Val::Const(_));
            let v = self.prefix(o, n, BaseType::Int)?;
            if is_const {
                operands.push((io::CONST_OFFSET, vec![v]));
            } else {
                self.m.cap(cap::IMAGE_GATHER_EXTENDED);
                operands.push((io::OFFSET, vec![v]));
            }
        }
        // textureGatherOffsets: one `ConstOffsets` operand, or a gather per offset.
        let mut each_offset = None;
        if let (Some(x), Some(y)) = (t.src(TexSrc::OffsetsX), t.src(TexSrc::OffsetsY)) {
            match self.gather_offsets(x, y)? {
                gather_offsets::GatherOffsets::Operand(m, v) => operands.push((m, v)),
                gather_offsets::GatherOffsets::Each(e) => each_offset = Some(e),
            }
        }
        if let Some(s) = t.src(TexSrc::MsIndex) {
            let v = self.prefix(s, 1, BaseType::Int)?;
            operands.push((io::SAMPLE, vec![v]));
        }
        if let Some(ml) = t.src(TexSrc::MinLod) {
            self.m.cap(cap::MIN_LOD);
            let v = self.prefix(ml, 1, BaseType::Float)?;
            operands.push((io::MIN_LOD, vec![v]));
        }
        if t.op == TexOp::Tg4 && operands.iter().any(|(m, _)| *m & (io::BIAS | io::LOD) != 0) {
            // textureGatherLodAMD and the bias argument of textureGather
            // (GL_AMD_texture_gather_bias_lod).
            self.m.cap(5009);
            self.m.exts.insert("SPV_AMD_texture_gather_bias_lod");
        }
        operands.sort_by_key(|(m, _)| *m);
        let mut tail = Vec::new();
        for (m, v) in &operands {
            mask |= m;
            tail.extend_from_slice(v);
        }
        let with_ops = |mut args: Vec<u32>| {
            if mask != 0 {
                args.push(mask);
                args.extend_from_slice(&tail);
            }
            args
        };
        let dref = match t.src(TexSrc::Comparator) {
            Some(c) => Some(self.prefix(c, 1, BaseType::Float)?),
            None => None,
        };
        let rk = Kind::new(
            t.dest_base,
            32,
            if t.is_shadow && t.op != TexOp::Tg4 {
                1
            } else {
                4
            },
        );
        let (id, k) = match t.op {
            TexOp::Tex | TexOp::Txb | TexOp::Txl | TexOp::Txd => {
                let c = need_coord()?;
                let opc = match (explicit, dref.is_some()) {
                    (false, false) => op::IMAGE_SAMPLE_IMPLICIT_LOD,
                    (true, false) => op::IMAGE_SAMPLE_EXPLICIT_LOD,
                    (false, true) => op::IMAGE_SAMPLE_DREF_IMPLICIT_LOD,
                    (true, true) => op::IMAGE_SAMPLE_DREF_EXPLICIT_LOD,
                };
                let mut args = vec![si, c];
                args.extend(dref);
                let args = with_ops(args);
                (self.lookup(opc, rk, &args, &mut code), rk)
            }
            TexOp::Txf | TexOp::TxfMs
                if matches!(t.dim, SamplerDim::Subpass | SamplerDim::SubpassMs) =>
            {
                // subpassLoad: a read of the input attachment at the fragment (offset).
                let c = need_coord()?;
                let img = image(self)?;
                let mut args = vec![img, c];
                if let Some(s) = t.src(TexSrc::MsIndex) {
                    let v = self.prefix(s, 1, BaseType::Int)?;
                    args.extend([io::SAMPLE, v]);
                }
                (self.op1(op::IMAGE_READ, rk, &args), rk)
            }
            TexOp::Txf | TexOp::TxfMs => {
                let c = need_coord()?;
                let img = image(self)?;
                let args = with_ops(vec![img, c]);
                (self.lookup(op::IMAGE_FETCH, rk, &args, &mut code), rk)
            }
            TexOp::Tg4 => {
                let c = need_coord()?;
                let head = match dref {
                    Some(dr) => vec![si, c, dr],
                    None => {
                        let comp = self.m.const_u32(u32::from(t.component));
                        vec![si, c, comp]
                    }
                };
                let opc = if dref.is_some() {
                    op::IMAGE_DREF_GATHER
                } else {
                    op::IMAGE_GATHER
                };
                let k = Kind::new(t.dest_base, 32, 4);
                match each_offset {
                    Some(offs) => (
                        self.gather_each_offset(opc, k, &head, &operands, offs, &mut code)?,
                        k,
                    ),
                    None => (self.lookup(opc, k, &with_ops(head), &mut code), k),
                }
            }
            TexOp::Txs => {
                self.m.cap(cap::IMAGE_QUERY);
                let img = image(self)?;
                let k = Kind::new(BaseType::Int, 32, dn);
                let lod_ok = !matches!(
                    t.dim,
                    SamplerDim::Ms | SamplerDim::Buffer | SamplerDim::Rect
                );
                if lod_ok {
                    let lod = match t.src(TexSrc::Lod) {
                        Some(l) => self.prefix(l, 1, BaseType::Int)?,
                        None => self.m.const_i32(0),
                    };
                    (self.op1(op::IMAGE_QUERY_SIZE_LOD, k, &[img, lod]), k)
                } else {
                    (self.op1(op::IMAGE_QUERY_SIZE, k, &[img]), k)
                }
            }
            TexOp::QueryLevels | TexOp::TextureSamples => {
                self.m.cap(cap::IMAGE_QUERY);
                let img = image(self)?;
                let k = Kind::new(BaseType::Int, 32, 1);
                let opc = if t.op == TexOp::QueryLevels {
                    op::IMAGE_QUERY_LEVELS
                } else {
                    op::IMAGE_QUERY_SAMPLES
                };
                (self.op1(opc, k, &[img]), k)
            }
            TexOp::Lod if !fragment => {
                // Zero derivatives: the base level, and a level of detail of log2(0), which
                // the interpreter reports as -1000 (`OpImageQueryLod` needs a derivative
                // group outside fragment shaders).
                let k = Kind::new(BaseType::Float, 32, 2);
                let v = [0, u64::from((-1000.0f32).to_bits())];
                (self.m.constant(k, &v), k)
            }
            TexOp::Lod => {
                self.m.cap(cap::IMAGE_QUERY);
                let c = need_coord()?;
                let k = Kind::new(BaseType::Float, 32, 2);
                (self.op1(op::IMAGE_QUERY_LOD, k, &[si, c]), k)
            }
        };
        // The IR result may have another bit size (mediump lowered to 16 bits is not done:
        // results are 32-bit) or fewer components.
        let _ = dbits;
        let (id, k) = match code {
            Some(c) if c != 0 && k.comps >= 4 => {
                let code = self.code_int(c, k);
                self.vals[t.dest.0 as usize] = Val::Sparse {
                    texel: id,
                    tk: k,
                    code,
                };
                return Ok(());
            }
            Some(c) if c != 0 => self.with_code(id, k, c)?,
            Some(_) => {
                return Err(SpirvError::new(
                    "sparse form of this texture operation does not exist",
                ))
            }
            None => (id, k),
        };
        if k.comps != dn {
            let dk = k.with_comps(dn);
            let picked = if dn == 1 {
                self.op1(op::COMPOSITE_EXTRACT, dk, &[id, 0])
            } else {
                let mut args = vec![id, id];
                args.extend(0..u32::from(dn));
                self.op1(op::VECTOR_SHUFFLE, dk, &args)
            };
            self.set(t.dest, picked, dk);
        } else {
            self.set(t.dest, id, k);
        }
        Ok(())
    }
}

impl super::func::FuncCx<'_, '_> {
    /// Whether every computed source of an integer operation is unsigned (constants take
    /// any type), so that a sign-agnostic operation can be written on unsigned operands
    /// without casts.
    pub(super) fn all_uint(&self, a: &fresnel_ir::Alu) -> bool {
        let mut any = false;
        for s in &a.srcs {
            if matches!(
                self.f.def(s.value).kind,
                InstrKind::LoadConst { .. } | InstrKind::Undef { .. }
            ) {
                continue;
            }
            any = true;
            let k = match &self.vals[s.value.0 as usize] {
                Val::Id(_, k) => *k,
                _ => return false,
            };
            if k.base != BaseType::Uint {
                return false;
            }
        }
        any
    }
}

/// How many coordinate components an image of `dim` takes: cube images take (x, y, face)
/// and cube arrays (x, y, layer * 6 + face).
fn image_coord_components(dim: SamplerDim, array: bool) -> u8 {
    if dim == SamplerDim::Cube {
        3
    } else {
        dim.coord_components() + u8::from(array)
    }
}

/// The ALU instructions reading `v`, each with the source number it reads `v` as.
fn alu_readers(
    f: &fresnel_ir::Function,
    v: ValueId,
) -> impl Iterator<Item = (&fresnel_ir::Alu, u16)> {
    f.values[v].uses.iter().filter_map(move |u| {
        let fresnel_ir::Use::Instr { instr, src } = *u else {
            return None;
        };
        match &f.instrs[instr].kind {
            InstrKind::Alu(a) => Some((a, src)),
            _ => None,
        }
    })
}
