//! Built-in functions: each call becomes ALU operations, texture instructions or intrinsics.
//!
//! Contract with the expression lowering (which calls [`lower_builtin`]):
//! - `in` arguments arrive as values ([`Operand::Value`] / [`Operand::Matrix`]), opaque
//!   arguments (samplers, images, atomic counters) as derefs.
//! - `out`/`inout` arguments arrive as [`Operand::Deref`] of a temporary of the parameter's
//!   type (initialised with the argument for `inout`); the caller copies it back to the real
//!   lvalue afterwards. The exception is the arguments for which [`wants_real_deref`] is
//!   true (the memory of atomics, the interpolant of `interpolateAt*`): they are derefs of
//!   the real variable.
//! - The result is returned as an operand of the call's type (`None` for `void`).
//!
//! The families, one file each: [`math`] (angles, trigonometry, exponentials), [`common`]
//! (common functions and bit casts), [`geometric`], [`matrix`], [`vector_rel`],
//! [`integer`], [`packing`], [`texture`], [`image`], [`atomic`] (memory atomics and atomic
//! counters), [`misc`] (derivatives, interpolation, barriers, geometry emission, noise,
//! `ftransform`, interlock), [`subgroup`]; vendor image built-ins: [`qcom`], [`tile_image`],
//! [`fragment_mask`], [`footprint`] (GL_NV_shader_texture_footprint).
//!
//! Calls taking or returning values of vendor extension types (cooperative matrices and
//! vectors, tensors, long vectors, bfloat16 and the 8-bit floats) never reach this module:
//! the expression lowering makes them `vendor_op` intrinsics (`crate::vendor`).
//!
//! Not lowered (a [`LowerError`] naming the function): ray tracing, ray queries and hit
//! objects, mesh-shader emission, cooperative matrices/vectors and tensors, sparse texture
//! functions, clocks, the AMD shader-ballot functions, `fragmentFetchAMD`,
//! `imageLoadLodAMD`/`imageStoreLodAMD`, `cubeFace*AMD`, `timeAMD`,
//! `interpolateAtVertexAMD`, `textureGather*QCOM`/`textureBlockMatch*` and the other QCOM
//! image-processing functions, `texture4`, tile-image attachment reads,
//! `subgroupMul` and multiplicative scans, clustered reductions,
//! partitioned subgroup operations, image atomics on vectors (GL_NV_shader_atomic_fp16_vector),
//! and anything on the extension value types (bfloat16, fp8, long vectors). The test
//! `every_signature_lowers_or_is_a_known_gap` lowers every signature of the built-in table
//! and checks this list.
//!
//! Conventions the interpreter relies on (beyond the op and intrinsic tables' docs):
//! - `deref_atomic_swap` / `image_deref_atomic_swap` / `atomic_counter_op_swap` take the
//!   new value first, then the value compared with (`srcs: ..., data, compare`), as the
//!   `deref_atomic` row documents.
//! - Atomic loads and stores (`atomicLoad`, `atomicStore`) are `deref_atomic` with the
//!   `load` / `store` operation; a load's data source is a zero constant.
//! - The `memory` index of `barrier` / `memory_barrier` is a mask of [`VarMode`] bits
//!   ([`mem_mask`]): bit `i` orders variables of mode `VarMode::ALL[i]` (images and atomic
//!   counters are `Uniform`).
//! - Implicit-LOD sampling where there are no implicit derivatives (every stage but the
//!   fragment stage, and compute/task/mesh shaders with the compute-derivatives
//!   extensions) is `txl` with LOD 0, as the specification defines it there.

pub mod atomic;
pub mod common;
pub mod footprint;
pub mod fragment_mask;
pub mod geometric;
pub mod image;
pub mod integer;
pub mod math;
pub mod matrix;
pub mod misc;
pub mod packing;
pub mod qcom;
pub mod subgroup;
pub mod texture;
pub mod tile_image;
pub mod vector_rel;

use fresnel_ir::{AluOp, AluSrc, Builder, InstrKind, Stage, TypeId, ValueId, VarId, VarMode};
use fresnel_sema::hir::{self, BuiltinRef};
use fresnel_sema::types::{Scalar, Type as HirType, TypeId as HirTypeId};
use fresnel_syntax::source::Span;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::{Arg, LowerError, Operand};

/// Finds the IR variable of a global by name, with its IR type and mode.
pub type VarLookup<'a> = &'a dyn Fn(&str) -> Option<(VarId, TypeId, VarMode)>;

/// What a built-in's lowering can reach.
pub struct BuiltinCx<'a, 'f> {
    pub b: &'a mut Builder<'f>,
    pub hir: &'a hir::Module,
    pub stage: Stage,
    /// Looks up the IR variable of a built-in or global variable by name (`gl_Vertex`,
    /// `gl_ModelViewProjectionMatrix` for `ftransform`), with its IR type and mode.
    pub lookup_var: VarLookup<'a>,
    /// The call, for diagnostics.
    pub span: Span,
}

/// Whether argument `arg` of built-in `name` must be a deref of the real lvalue rather than
/// of a temporary copy.
pub fn wants_real_deref(name: &str, arg: usize) -> bool {
    arg == 0
        && (name.starts_with("atomic") && !name.starts_with("atomicCounter")
            || name.starts_with("interpolateAt"))
}

/// The built-in variables the lowering of built-in `name` reads through
/// [`BuiltinCx::lookup_var`]: the caller must make sure they have IR variables.
pub fn globals_read(name: &str) -> &'static [&'static str] {
    match name {
        "ftransform" => &["gl_Vertex", "gl_ModelViewProjectionMatrix"],
        "writePackedPrimitiveIndices4x8NV" => &["gl_PrimitiveIndicesNV"],
        "subgroupRotate" => &["gl_SubgroupInvocationID", "gl_SubgroupSize"],
        "subgroupShuffleXor"
        | "subgroupShuffleUp"
        | "subgroupShuffleDown"
        | "subgroupInverseBallot"
        | "subgroupBallotInclusiveBitCount"
        | "subgroupBallotExclusiveBitCount"
        | "subgroupQuadBroadcast"
        | "subgroupQuadSwapHorizontal"
        | "subgroupQuadSwapVertical"
        | "subgroupQuadSwapDiagonal"
        | "subgroupQuadAll"
        | "subgroupQuadAny"
        | "subgroupClusteredRotate" => &["gl_SubgroupInvocationID"],
        _ => &[],
    }
}

/// The result of lowering one call.
pub type Lowered = Result<Option<Operand>, LowerError>;

/// Lowers a call of a built-in function with the given (already lowered) arguments; `ret`
/// is the call's HIR type.
pub fn lower_builtin(
    cx: &mut BuiltinCx<'_, '_>,
    f: BuiltinRef,
    args: &[Arg],
    ret: HirTypeId,
) -> Lowered {
    lower_builtin_in(cx, f, args, ret, None)
}

/// [`lower_builtin`] remembering in `families` the family of built-ins each name met so
/// far went to. Whether a family lowers a built-in depends on its name only, so the next
/// call of that name starts at that family (performance: the families before it would each
/// match the name against their lists again, about a thousand instructions per call for
/// the later families).
pub fn lower_builtin_in(
    cx: &mut BuiltinCx<'_, '_>,
    f: BuiltinRef,
    args: &[Arg],
    ret: HirTypeId,
    mut families: Option<&mut FxHashMap<&'static str, u8>>,
) -> Lowered {
    let name = f.name;
    let known = families.as_ref().and_then(|m| m.get(name).copied());
    let first = known.unwrap_or(0);
    let mut family = 0u8;
    macro_rules! family {
        ($($m:ident),*) => {
            $(
                if family >= first {
                    if let Some(r) = $m::lower(cx, name, args, ret) {
                        if let (None, Some(m)) = (known, families.as_mut()) {
                            m.insert(name, family);
                        }
                        return r;
                    }
                }
                family += 1;
            )*
        };
    }
    family!(
        math,
        common,
        geometric,
        matrix,
        vector_rel,
        integer,
        packing,
        texture,
        image,
        atomic,
        misc,
        subgroup,
        qcom,
        tile_image,
        fragment_mask,
        footprint
    );
    debug_assert_eq!(family, 16, "every family is numbered");
    Err(cx.unsupported(name))
}

/// The shape of a scalar or vector value of a HIR type.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Shape {
    pub scalar: Scalar,
    /// Components (1 for scalars).
    pub n: u8,
    /// Bit size of the IR value (1 for booleans).
    pub bits: u8,
}

impl Shape {
    pub fn is_float(self) -> bool {
        self.scalar.is_float()
    }
    pub fn is_signed(self) -> bool {
        self.scalar.is_signed_int()
    }
    pub fn is_bool(self) -> bool {
        self.scalar == Scalar::Bool
    }
}

/// The IR bit size of values of a scalar type.
pub fn scalar_bits(s: Scalar) -> u8 {
    if s == Scalar::Bool {
        1
    } else {
        s.bits() as u8
    }
}

/// The `memory` index of barriers: one bit per variable mode ordered (see the module docs).
pub fn mem_mask(modes: &[VarMode]) -> i64 {
    modes
        .iter()
        .map(|m| VarMode::ALL.iter().position(|x| x == m).unwrap_or(0))
        .fold(0, |acc, i| acc | (1i64 << i))
}

impl BuiltinCx<'_, '_> {
    pub(crate) fn err(&self, msg: impl Into<String>) -> LowerError {
        LowerError::new(msg, Some(self.span))
    }

    pub(crate) fn unsupported(&self, name: &str) -> LowerError {
        self.err(format!(
            "built-in function `{name}` is not supported by the IR lowering yet"
        ))
    }

    pub(crate) fn hir_type(&self, ty: HirTypeId) -> &HirType {
        self.hir.types.get(ty)
    }

    /// The shape of a scalar or vector type.
    pub(crate) fn shape(&self, ty: HirTypeId) -> Result<Shape, LowerError> {
        let (scalar, n) = match *self.hir_type(ty) {
            HirType::Scalar(s) => (s, 1),
            HirType::Vector(s, n) => (s, n),
            _ => return Err(self.err("expected a scalar or vector argument")),
        };
        Ok(Shape {
            scalar,
            n,
            bits: scalar_bits(scalar),
        })
    }

    /// The shape of argument `i`.
    pub(crate) fn arg_shape(&self, args: &[Arg], i: usize) -> Result<Shape, LowerError> {
        let a = args.get(i).ok_or_else(|| self.err("missing argument"))?;
        self.shape(a.ty)
    }

    /// The value of argument `i` (a scalar or vector).
    pub(crate) fn val(&self, args: &[Arg], i: usize) -> Result<ValueId, LowerError> {
        match args.get(i).map(|a| &a.op) {
            Some(Operand::Value(v)) => Ok(*v),
            Some(_) => Err(self.err(format!("argument {} is not a scalar or vector", i + 1))),
            None => Err(self.err("missing argument")),
        }
    }

    /// The columns of argument `i` (a matrix).
    pub(crate) fn cols(
        &self,
        args: &[Arg],
        i: usize,
    ) -> Result<SmallVec<[ValueId; 4]>, LowerError> {
        match args.get(i).map(|a| &a.op) {
            Some(Operand::Matrix(c)) => Ok(c.clone()),
            Some(_) => Err(self.err(format!("argument {} is not a matrix", i + 1))),
            None => Err(self.err("missing argument")),
        }
    }

    /// The deref of argument `i` (memory, opaque objects, `out` parameters).
    pub(crate) fn deref(&self, args: &[Arg], i: usize) -> Result<ValueId, LowerError> {
        match args.get(i).map(|a| &a.op) {
            Some(Operand::Deref(d)) => Ok(*d),
            // A combined texture and sampler: the texture (see `sampler_deref`).
            Some(Operand::Combined { texture, .. }) => Ok(*texture),
            Some(_) => Err(self.err(format!("argument {} is not an lvalue or object", i + 1))),
            None => Err(self.err("missing argument")),
        }
    }

    /// The constant integer a value holds, when it is a `load_const`.
    pub(crate) fn const_int(&self, v: ValueId) -> Option<i64> {
        match &self.b.func.def(v).kind {
            InstrKind::LoadConst { values, .. } => {
                let bits = self.b.bit_size(v);
                let x = *values.first()?;
                Some(match bits {
                    8 => i64::from(x as u8 as i8),
                    16 => i64::from(x as u16 as i16),
                    32 => i64::from(x as u32 as i32),
                    _ => x as i64,
                })
            }
            _ => None,
        }
    }

    // ---- constants ----

    /// A scalar float constant of `bits` bits.
    pub(crate) fn fconst(&mut self, x: f64, bits: u8) -> ValueId {
        self.b.imm_float(x, bits)
    }

    /// A scalar integer constant (the low `bits` bits of `x`).
    pub(crate) fn iconst(&mut self, x: i64, bits: u8) -> ValueId {
        self.b.constant(bits, &[x as u64])
    }

    // ---- ALU ----

    /// A per-component (or fixed-size) ALU operation; one-component sources of a
    /// per-component source slot are broadcast to the width of the others.
    pub(crate) fn op(&mut self, op: AluOp, srcs: &[ValueId]) -> ValueId {
        let info = op.info();
        let n = if info.dest_size != 0 {
            info.dest_size
        } else {
            srcs.iter()
                .enumerate()
                .filter(|(i, _)| info.src_size[*i] == 0)
                .map(|(_, v)| self.b.num_components(*v))
                .max()
                .unwrap_or(1)
        };
        let alu_srcs: SmallVec<[AluSrc; 4]> = srcs
            .iter()
            .enumerate()
            .map(|(i, v)| {
                if info.src_size[i] == 0 && self.b.num_components(*v) == 1 && n > 1 {
                    AluSrc::broadcast(*v, 0)
                } else {
                    AluSrc::new(*v)
                }
            })
            .collect();
        self.b.alu_n(op, n, &alu_srcs)
    }

    pub(crate) fn op1(&mut self, op: AluOp, a: ValueId) -> ValueId {
        self.op(op, &[a])
    }

    pub(crate) fn op2(&mut self, op: AluOp, a: ValueId, b: ValueId) -> ValueId {
        self.op(op, &[a, b])
    }

    pub(crate) fn op3(&mut self, op: AluOp, a: ValueId, b: ValueId, c: ValueId) -> ValueId {
        self.op(op, &[a, b, c])
    }

    /// A conversion to `bits` bits (identity when the size already matches and the op only
    /// changes the size).
    pub(crate) fn conv(&mut self, op: AluOp, bits: u8, v: ValueId) -> ValueId {
        if matches!(op, AluOp::I2i | AluOp::U2u | AluOp::F2f) && self.b.bit_size(v) == bits {
            return v;
        }
        self.b.conv(op, bits, v)
    }

    /// Broadcasts a scalar to `n` components (a `mov` with a swizzle); wider values are
    /// returned as they are.
    pub(crate) fn splat(&mut self, v: ValueId, n: u8) -> ValueId {
        if n <= 1 || self.b.num_components(v) != 1 {
            return v;
        }
        self.b.alu_n(AluOp::Mov, n, &[AluSrc::broadcast(v, 0)])
    }

    /// The scalar components of a value.
    pub(crate) fn comps(&mut self, v: ValueId) -> SmallVec<[ValueId; 4]> {
        let n = self.b.num_components(v);
        if n == 1 {
            return smallvec::smallvec![v];
        }
        (0..n).map(|c| self.b.channel(v, c)).collect()
    }

    /// The sum of the scalar components of `v` (`iadd` or `fadd` by `float`).
    pub(crate) fn sum(&mut self, v: ValueId, float: bool) -> ValueId {
        let cs = self.comps(v);
        let add = if float { AluOp::Fadd } else { AluOp::Iadd };
        let mut acc = cs[0];
        for c in &cs[1..] {
            acc = self.op2(add, acc, *c);
        }
        acc
    }

    /// The dot product of two float vectors of the same size (a scalar product for scalars).
    pub(crate) fn dot(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match self.b.num_components(a).max(self.b.num_components(b)) {
            2 => self.op2(AluOp::Fdot2, a, b),
            3 => self.op2(AluOp::Fdot3, a, b),
            4 => self.op2(AluOp::Fdot4, a, b),
            _ => self.op2(AluOp::Fmul, a, b),
        }
    }

    /// Stores `v` through the deref of an `out` argument (all components).
    pub(crate) fn store_out(&mut self, d: ValueId, v: ValueId) {
        let n = self.b.num_components(v);
        self.b.store_deref(d, v, (1u32 << n) - 1);
    }

    /// Whether implicit derivatives exist in this stage (implicit-LOD sampling): fragment
    /// shaders, and compute, task and mesh shaders with
    /// GL_NV/KHR_compute_shader_derivatives.
    pub(crate) fn has_derivatives(&self) -> bool {
        match self.stage {
            Stage::Fragment => true,
            Stage::Compute | Stage::Task | Stage::Mesh => [
                "GL_NV_compute_shader_derivatives",
                "GL_KHR_compute_shader_derivatives",
            ]
            .iter()
            .filter_map(|n| fresnel_syntax::extensions::Ext::from_name(n))
            .any(|e| self.hir.extensions.is_on(e)),
            _ => false,
        }
    }
}

impl BuiltinCx<'_, '_> {
    /// Intrinsic `op` of the family member `base`, with one result of `ret`'s shape.
    pub(crate) fn base_intrinsic(
        &mut self,
        op: fresnel_ir::Intrinsic,
        srcs: &[ValueId],
        ret: HirTypeId,
        base: i64,
    ) -> Lowered {
        let rs = self.shape(ret)?;
        match self.b.intrinsic(
            op,
            srcs,
            rs.n,
            rs.bits,
            &[(fresnel_ir::IndexKind::Base, base)],
        ) {
            Some(r) => value(r),
            None => Err(self.err(format!("`{op}` has no result"))),
        }
    }
}

/// Wraps a value as the result of a call.
pub(crate) fn value(v: ValueId) -> Lowered {
    Ok(Some(Operand::Value(v)))
}

/// Wraps columns as a matrix result.
pub(crate) fn matrix_result(cols: SmallVec<[ValueId; 4]>) -> Lowered {
    Ok(Some(Operand::Matrix(cols)))
}

// Separate textures and samplers (helper E).
impl BuiltinCx<'_, '_> {
    /// The sampler of a combined texture-and-sampler argument (`sampler2D(t, s)`).
    pub(crate) fn sampler_deref(&self, args: &[Arg], i: usize) -> Option<ValueId> {
        match args.get(i).map(|a| &a.op) {
            Some(Operand::Combined { sampler, .. }) => Some(*sampler),
            _ => None,
        }
    }
}
