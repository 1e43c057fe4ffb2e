//! The vendor operations on GL_NV_cooperative_vector types (issue 5, helper F), as
//! SPV_NV_cooperative_vector writes them (glslang's forms). The vectors live in memory (the
//! IR's `vendor_op` destinations and operands are derefs): each operation loads its vector
//! operands, computes, and stores into the destination.
//!
//! * `construct` / `convert`: from another vector, the component conversion (`OpFConvert`,
//!   `OpConvertSToF`, ...); from scalars and vectors (passed through temporaries of their own
//!   type by the lowering), each component converted to the component type and gathered
//!   with `OpCompositeConstruct` (one scalar is replicated: `OpCompositeConstructReplicateEXT`
//!   when the length is a specialization constant);
//! * the operators (`+ - * / % & | ^ << >> ~`, negation) on two vectors; `*` by a scalar
//!   (`OpVectorTimesScalar` for floats, the scalar replicated for integers);
//! * `extract` / `insert` (`v[i]`): an access chain, then a load / store;
//! * `min`, `max`, `clamp`, `step`, `exp`, `log`, `tanh`, `atan`, `fma`: GLSL.std.450;
//! * `coopVecMatMulNV`, `coopVecMatMulAddNV`, `coopVecLoadNV`, `coopVecStoreNV`,
//!   `coopVecOuterProductAccumulateNV`, `coopVecReduceSumAccumulateNV`: their instructions
//!   (the matrix and buffers as pointers to the arrays named, signed integer components as
//!   the `MatrixBSignedComponentsKHR` / `MatrixResultSignedComponentsKHR` operands).

use fresnel_ir::{BaseType, Intrinsic, IntrinsicInstr, Type, ValueId};

use super::super::coopvec_nv::{self as cv, Len};
use super::super::spec::op;
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

/// Numbers `spec.rs` does not name.
mod x450 {
    pub const OP_S_MOD: u16 = 139;
    pub const OP_VECTOR_TIMES_SCALAR: u16 = 142;
}

/// The component type and literal length (`None`: a specialization constant) of a vector.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CoopVec {
    pub base: BaseType,
    pub bits: u8,
    pub len: Option<u32>,
    /// A long vector (GL_EXT_long_vector), not a cooperative one.
    pub long: bool,
}

impl CoopVec {
    fn comp(self) -> Kind {
        Kind::new(self.base, self.bits, 1)
    }
}

use super::long_vector::glsl_componentwise;
use super::vendor::deref_ty;

/// The cooperative vector type a deref points to, if it is one.
pub(crate) fn deref_coopvec(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    v: ValueId,
) -> Option<CoopVec> {
    match types.get(deref_ty(f, v)?) {
        Type::Opaque(n) => cv::parse(n).map(|c| CoopVec {
            base: c.base,
            bits: c.bits,
            len: match c.len {
                Len::Lit(n) => Some(n),
                Len::Spec(_) => None,
            },
            long: false,
        }),
        _ => None,
    }
}

/// The cooperative vector, or long vector of plain components, a deref points to: what
/// the helpers here (constructors, conversions, element access, operators) take.
pub(crate) fn deref_vec_like(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    v: ValueId,
) -> Option<CoopVec> {
    if let Some(c) = deref_coopvec(types, f, v) {
        return Some(c);
    }
    let l = super::long_vector::deref_long_vector(types, f, v)?;
    let super::super::tensor_arm::Elem::Plain(base, bits) = l.elem else {
        return None;
    };
    Some(CoopVec {
        base,
        bits,
        len: l.len,
        long: true,
    })
}

const SUPPORTED: &[&str] = &[
    "construct",
    "convert",
    "extract",
    "insert",
    "op_add",
    "op_sub",
    "op_mul",
    "op_div",
    "op_mod",
    "op_and",
    "op_or",
    "op_xor",
    "op_shl",
    "op_shr",
    "op_neg",
    "op_bitnot",
    "min",
    "max",
    "clamp",
    "step",
    "exp",
    "log",
    "tanh",
    "atan",
    "fma",
    "coopVecMatMulNV",
    "coopVecMatMulAddNV",
    "coopVecLoadNV",
    "coopVecStoreNV",
    "coopVecOuterProductAccumulateNV",
    "coopVecReduceSumAccumulateNV",
];

/// Most components a constructor replicates one scalar into with `OpCompositeConstruct`.
const MAX_SPLAT: u32 = 1 << 12;

/// Whether a vendor operation is one on cooperative vectors written here: a known operation
/// whose derefs touch cooperative vectors and no other vendor type.
pub(crate) fn supported(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    x: &IntrinsicInstr,
) -> bool {
    let Some(name) = super::vendor::op_name(x) else {
        return false;
    };
    if !SUPPORTED.contains(&name) {
        return false;
    }
    let mut any = false;
    for &s in &x.srcs {
        if deref_coopvec(types, f, s).is_some() {
            any = true;
        } else if deref_ty(f, s).is_some_and(|t| types.is_opaque(t)) {
            return false;
        }
    }
    any
}

impl FuncCx<'_, '_> {
    fn cv_ptr(&mut self, v: ValueId) -> Result<(u32, u32, CoopVec)> {
        self.vendor_ptr(v, deref_vec_like, "cooperative vector")
    }

    fn cv_load(&mut self, v: ValueId) -> Result<(u32, u32, CoopVec)> {
        self.vendor_load(v, deref_vec_like, "cooperative vector")
    }

    fn cv_inst(&mut self, opc: u16, t: u32, args: &[u32]) -> u32 {
        let id = self.new_id();
        let mut ops = vec![t, id];
        ops.extend_from_slice(args);
        self.code.inst(opc, &ops);
        id
    }

    /// The conversion opcode between component kinds (`None`: the same type).
    pub(super) fn cv_convert_op(from: Kind, to: Kind) -> Option<u16> {
        use BaseType::{Float, Int, Uint};
        Some(match (from.base, to.base) {
            (Float, Float) if from.bits != to.bits => op::F_CONVERT,
            (Int, Float) => op::CONVERT_S_TO_F,
            (Uint, Float) => op::CONVERT_U_TO_F,
            (Float, Int) => op::CONVERT_F_TO_S,
            (Float, Uint) => op::CONVERT_F_TO_U,
            (Int, Int | Uint) if from.bits != to.bits => op::S_CONVERT,
            (Uint, Int | Uint) if from.bits != to.bits => op::U_CONVERT,
            (a, b) if a == b => return None,
            _ => op::BITCAST,
        })
    }

    /// A scalar or vector operand: a deref of an ordinary type loaded, a value as it is.
    fn cv_plain(&mut self, v: ValueId) -> Result<(u32, Kind)> {
        if let Some(t) = deref_ty(self.f, v) {
            let Some(k) = self.m.value_kind(t) else {
                return Err(SpirvError::new(
                    "an aggregate as the operand of a cooperative vector constructor",
                ));
            };
            let (p, pointee, ..) = self.ptr(v)?;
            let id = self.new_id();
            self.code.inst(op::LOAD, &[pointee, id, p]);
            Ok((id, k))
        } else {
            let k = self.natural_kind(v);
            Ok((self.value_as(v, k)?, k))
        }
    }

    /// A scalar id of kind `from` converted to kind `to` (booleans: 1 or 0; to a boolean:
    /// not zero).
    pub(super) fn cv_scalar_convert(&mut self, id: u32, from: Kind, to: Kind) -> u32 {
        let t = self.m.kind_type(to);
        self.cv_convert_to(id, from, to, t, &|cx: &mut Self, k: Kind, bits: u64| {
            cx.m.constant(k, &[bits])
        })
    }

    /// `id` (components of kind `from`) converted to type `t` (components of kind `to`);
    /// `constant` makes the constant of a component kind and bit pattern in the shape of
    /// `id` (a scalar, or one replicated over a vector).
    pub(super) fn cv_convert_to(
        &mut self,
        id: u32,
        from: Kind,
        to: Kind,
        t: u32,
        constant: &dyn Fn(&mut Self, Kind, u64) -> u32,
    ) -> u32 {
        if from.base == BaseType::Bool && to.base != BaseType::Bool {
            let one_bits = if to.base == BaseType::Float {
                match to.bits {
                    16 => 0x3c00,
                    64 => 1.0f64.to_bits(),
                    _ => u64::from(1.0f32.to_bits()),
                }
            } else {
                1
            };
            let one = constant(self, to, one_bits);
            let zero = constant(self, to, 0);
            return self.cv_inst(op::SELECT, t, &[id, one, zero]);
        }
        if to.base == BaseType::Bool && from.base != BaseType::Bool {
            let zero = constant(self, from, 0);
            let opc = if from.base == BaseType::Float {
                op::F_UNORD_NOT_EQUAL
            } else {
                op::I_NOT_EQUAL
            };
            return self.cv_inst(opc, t, &[id, zero]);
        }
        match Self::cv_convert_op(from, to) {
            None => id,
            Some(o) => self.cv_inst(o, t, &[id]),
        }
    }

    /// One scalar replicated into a vector of type `t`.
    pub(super) fn cv_splat(&mut self, t: u32, c: CoopVec, e: u32) -> u32 {
        match c.len {
            Some(n) if n <= MAX_SPLAT => {
                let parts = vec![e; n as usize];
                self.cv_inst(op::COMPOSITE_CONSTRUCT, t, &parts)
            }
            _ => {
                self.m.cap(cv::CAP_REPLICATED_COMPOSITES_EXT);
                self.m.exts.insert("SPV_EXT_replicated_composites");
                self.cv_inst(cv::OP_COMPOSITE_CONSTRUCT_REPLICATE_EXT, t, &[e])
            }
        }
    }

    /// A constructor's value of vector type `t` (`c`) from `srcs`.
    fn cv_construct(&mut self, t: u32, c: CoopVec, srcs: &[ValueId]) -> Result<u32> {
        if let [s] = srcs {
            if let Some(sc) = deref_vec_like(&self.m.shader.types, self.f, *s) {
                if sc.len != c.len {
                    return Err(SpirvError::new("a vector converted to another length"));
                }
                let (v, st, _) = self.cv_load(*s)?;
                if sc.long != c.long {
                    // A cooperative vector from a long vector or back (GL_EXT_long_vector):
                    // the same components, another type.
                    if sc.comp() != c.comp() {
                        return Err(SpirvError::new(
                            "a cooperative vector converted to a long vector of another component type, or back",
                        ));
                    }
                    return Ok(self.cv_inst(op::BITCAST, t, &[v]));
                }
                // Constants replicated over the source's shape (booleans' ones and
                // zeros, zeros compared with).
                let (shape_t, shape) = (st, sc);
                let splat = move |cx: &mut Self, k: Kind, bits: u64| {
                    let e = cx.m.constant(k, &[bits]);
                    let vt = if k == shape.comp() { shape_t } else { t };
                    cx.cv_splat(vt, shape, e)
                };
                return Ok(self.cv_convert_to(v, sc.comp(), c.comp(), t, &splat));
            }
        }
        let mut parts = Vec::new();
        for &s in srcs {
            if deref_vec_like(&self.m.shader.types, self.f, s).is_some() {
                return Err(SpirvError::new(
                    "a cooperative or long vector among other constructor arguments",
                ));
            }
            let (id, k) = self.cv_plain(s)?;
            for i in 0..k.comps {
                let e = if k.comps == 1 {
                    id
                } else {
                    let st = self.m.kind_type(k.scalar());
                    self.cv_inst(op::COMPOSITE_EXTRACT, st, &[id, u32::from(i)])
                };
                parts.push(self.cv_scalar_convert(e, k.scalar(), c.comp()));
            }
        }
        // Extra components are dropped (as vector constructors do); a length that is a
        // specialization constant takes the components given (glslang's form).
        match (parts.len(), c.len) {
            (1, _) => Ok(self.cv_splat(t, c, parts[0])),
            (n, Some(len)) if n >= len as usize => {
                parts.truncate(len as usize);
                Ok(self.cv_inst(op::COMPOSITE_CONSTRUCT, t, &parts))
            }
            (_, None) => Ok(self.cv_inst(op::COMPOSITE_CONSTRUCT, t, &parts)),
            (n, _) => Err(SpirvError::new(format!(
                "a cooperative vector constructor from {n} components that do not match its length"
            ))),
        }
    }

    /// A scalar operand as the component kind of `c` (the value is of the component type,
    /// possibly of another width or signedness).
    pub(super) fn cv_scalar(&mut self, v: ValueId, c: CoopVec) -> Result<u32> {
        if deref_ty(self.f, v).is_some() {
            let (id, k) = self.cv_plain(v)?;
            return Ok(self.cv_scalar_convert(id, k, c.comp()));
        }
        let vbits = self.f.values[v].bit_size;
        if vbits == 1 && c.base == BaseType::Bool {
            return self.value_as(v, c.comp());
        }
        if vbits == 1 {
            return Err(SpirvError::new(
                "a boolean as the component of a cooperative vector",
            ));
        }
        let from = Kind::new(c.base, vbits, 1);
        let id = self.value_as(v, from)?;
        Ok(self.cv_scalar_convert(id, from, c.comp()))
    }

    /// A pointer to element `index` of the vector `v` points to.
    fn cv_element(&mut self, v: ValueId, index: ValueId) -> Result<(u32, CoopVec)> {
        let (vp, _, c) = self.cv_ptr(v)?;
        let (_, _, class, ..) = self.ptr(v)?;
        let comp = self.m.scalar_type(c.base, c.bits);
        let pt = self.m.pointer(class, comp);
        let k = self.natural_kind(index);
        let k = if k.base == BaseType::Int && k.bits == 32 {
            k
        } else {
            Kind::new(BaseType::Uint, 32, 1)
        };
        let idx = self.value_as(index, k)?;
        let p = self.new_id();
        self.code.inst(op::ACCESS_CHAIN, &[pt, p, vp, idx]);
        Ok((p, c))
    }

    /// A 32-bit integer operand (offsets, interpretations, dimensions, layouts, strides).
    fn cv_u32(&mut self, v: ValueId) -> Result<u32> {
        if deref_ty(self.f, v).is_some() {
            let (id, k) = self.cv_plain(v)?;
            let u = Kind::new(BaseType::Uint, 32, 1);
            return self.convert(id, k, u);
        }
        let k = self.natural_kind(v);
        let k = if k.base == BaseType::Int {
            k
        } else {
            Kind::new(BaseType::Uint, 32, 1)
        };
        self.value_as(v, k)
    }

    fn cv_bool(&mut self, v: ValueId) -> Result<u32> {
        self.value_as(v, Kind::new(BaseType::Bool, 1, 1))
    }

    /// The `CooperativeMatrixOperands` of a matrix multiplication: the input's and the
    /// result's signed components.
    fn cv_signed_operands(input: CoopVec, result: CoopVec) -> Option<u32> {
        let mut m = 0;
        if input.base == BaseType::Int {
            m |= 0x2;
        }
        if result.base == BaseType::Int {
            m |= 0x8;
        }
        (m != 0).then_some(m)
    }

    /// A GLSL.std.450 instruction applied to whole vectors: `s[0]` the destination, the
    /// other operands vectors loaded or scalars converted to the component type and
    /// replicated.
    pub(super) fn vec_ext_inst(&mut self, inst: u32, s: &[ValueId]) -> Result<()> {
        let Some((&d, operands)) = s.split_first() else {
            return Err(SpirvError::new("a vector built-in without its destination"));
        };
        let (dp, dt, dc) = self.cv_ptr(d)?;
        let mut args = vec![self.m.glsl_ext, inst];
        for &a in operands {
            let v = if deref_vec_like(&self.m.shader.types, self.f, a).is_some() {
                self.cv_load(a)?.0
            } else {
                let e = self.cv_scalar(a, dc)?;
                self.cv_splat(dt, dc, e)
            };
            args.push(v);
        }
        let r = self.cv_inst(op::EXT_INST, dt, &args);
        self.code.inst(op::STORE, &[dp, r]);
        Ok(())
    }

    /// Writes an operation on cooperative vectors (`Ok(false)`: not one).
    pub(super) fn emit_coopvec_nv(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if !matches!(x.op, Intrinsic::VendorOp | Intrinsic::VendorOpValue)
            || !supported(&self.m.shader.types, self.f, x)
        {
            return Ok(false);
        }
        self.emit_vec_op(x)
    }

    /// Writes an operation on cooperative vectors, or one of the constructors, conversions,
    /// element accesses and operators on long vectors (`long_vector.rs`), which take the
    /// same forms.
    pub(super) fn emit_vec_op(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        let name = super::vendor::op_name(x).unwrap_or("");
        let s = x.srcs.clone();
        let arity = |n: usize| -> Result<()> {
            if s.len() == n {
                Ok(())
            } else {
                Err(SpirvError::new(format!(
                    "`{name}` on a cooperative vector with {} operands",
                    s.len()
                )))
            }
        };
        let is_vec = |cx: &Self, v: ValueId| deref_vec_like(&cx.m.shader.types, cx.f, v).is_some();
        if x.op == Intrinsic::VendorOpValue && name != "extract" {
            return Err(SpirvError::new(format!(
                "`{name}` on cooperative vectors with an ordinary result has no SPIR-V form here"
            )));
        }
        match name {
            "construct" | "convert" if s.len() >= 2 => {
                let (dp, dt, dc) = self.cv_ptr(s[0])?;
                let v = self.cv_construct(dt, dc, &s[1..])?;
                self.code.inst(op::STORE, &[dp, v]);
            }
            "op_neg" | "op_bitnot" => {
                arity(2)?;
                let (dp, dt, dc) = self.cv_ptr(s[0])?;
                let (a, ..) = self.cv_load(s[1])?;
                let opc = match (name, dc.base) {
                    ("op_neg", BaseType::Float) => op::F_NEGATE,
                    ("op_neg", _) => op::S_NEGATE,
                    (_, BaseType::Float) => {
                        return Err(SpirvError::new("`~` of a float cooperative vector"))
                    }
                    _ => op::NOT,
                };
                let r = self.cv_inst(opc, dt, &[a]);
                self.code.inst(op::STORE, &[dp, r]);
            }
            n if n.starts_with("op_") && s.len() == 3 => {
                let (dp, dt, dc) = self.cv_ptr(s[0])?;
                let (va, vb) = (is_vec(self, s[1]), is_vec(self, s[2]));
                let float = dc.base == BaseType::Float;
                let signed = dc.base == BaseType::Int;
                if name == "op_mul" && float && va != vb {
                    // A vector by a scalar.
                    let (vi, si) = if va { (s[1], s[2]) } else { (s[2], s[1]) };
                    let (a, ..) = self.cv_load(vi)?;
                    let k = self.cv_scalar(si, dc)?;
                    let r = self.cv_inst(x450::OP_VECTOR_TIMES_SCALAR, dt, &[a, k]);
                    self.code.inst(op::STORE, &[dp, r]);
                    return Ok(true);
                }
                let operand = |cx: &mut Self, v: ValueId, is: bool| -> Result<u32> {
                    if is {
                        Ok(cx.cv_load(v)?.0)
                    } else {
                        let e = cx.cv_scalar(v, dc)?;
                        Ok(cx.cv_splat(dt, dc, e))
                    }
                };
                let a = operand(self, s[1], va)?;
                let b = operand(self, s[2], vb)?;
                let opc = match name {
                    "op_add" if float => op::F_ADD,
                    "op_add" => op::I_ADD,
                    "op_sub" if float => op::F_SUB,
                    "op_sub" => op::I_SUB,
                    "op_mul" if float => op::F_MUL,
                    "op_mul" => op::I_MUL,
                    "op_div" if float => op::F_DIV,
                    "op_div" if signed => op::S_DIV,
                    "op_div" => op::U_DIV,
                    "op_mod" if float => op::F_MOD,
                    "op_mod" if signed => x450::OP_S_MOD,
                    "op_mod" => op::U_MOD,
                    "op_and" if !float => op::BITWISE_AND,
                    "op_or" if !float => op::BITWISE_OR,
                    "op_xor" if !float => op::BITWISE_XOR,
                    "op_shl" if !float => op::SHIFT_LEFT_LOGICAL,
                    "op_shr" if signed => op::SHIFT_RIGHT_ARITHMETIC,
                    "op_shr" if !float => op::SHIFT_RIGHT_LOGICAL,
                    _ => {
                        return Err(SpirvError::new(format!(
                            "`{name}` of cooperative vectors has no SPIR-V form here"
                        )))
                    }
                };
                let r = self.cv_inst(opc, dt, &[a, b]);
                self.code.inst(op::STORE, &[dp, r]);
            }
            "extract" => {
                arity(2)?;
                let Some(dest) = x.dest else {
                    return Err(SpirvError::new(
                        "element read of a cooperative vector without a result",
                    ));
                };
                let (p, c) = self.cv_element(s[0], s[1])?;
                let k = c.comp();
                if self.f.values[dest].bit_size != c.bits {
                    return Err(SpirvError::new(
                        "element read of a cooperative vector at another width",
                    ));
                }
                let t = self.m.kind_type(k);
                let id = self.cv_inst(op::LOAD, t, &[p]);
                self.set(dest, id, k);
            }
            "insert" => {
                arity(3)?;
                let (p, c) = self.cv_element(s[0], s[1])?;
                let e = self.cv_scalar(s[2], c)?;
                self.code.inst(op::STORE, &[p, e]);
            }
            "min" | "max" | "clamp" | "step" | "exp" | "log" | "tanh" | "atan" | "fma" => {
                let base = s
                    .first()
                    .and_then(|&d| deref_vec_like(&self.m.shader.types, self.f, d))
                    .map(|c| c.base);
                let inst = base.and_then(|b| glsl_componentwise(name, b, s.len() - 1));
                let Some(inst) = inst else {
                    return Err(SpirvError::new(format!(
                        "`{name}` of an integer cooperative vector"
                    )));
                };
                self.vec_ext_inst(inst, &s)?;
            }
            "coopVecMatMulNV" | "coopVecMatMulAddNV" => {
                let add = name == "coopVecMatMulAddNV";
                arity(if add { 14 } else { 11 })?;
                let (dp, dt, dc) = self.cv_ptr(s[0])?;
                let (input, _, ic) = self.cv_load(s[1])?;
                let in_interp = self.cv_u32(s[2])?;
                let (matrix, ..) = self.ptr(s[3])?;
                let m_off = self.cv_u32(s[4])?;
                let m_interp = self.cv_u32(s[5])?;
                let mut ops = vec![input, in_interp, matrix, m_off, m_interp];
                let rest = if add {
                    let (bias, ..) = self.ptr(s[6])?;
                    let b_off = self.cv_u32(s[7])?;
                    let b_interp = self.cv_u32(s[8])?;
                    ops.extend([bias, b_off, b_interp]);
                    &s[9..]
                } else {
                    &s[6..]
                };
                let m = self.cv_u32(rest[0])?;
                let k = self.cv_u32(rest[1])?;
                let layout = self.cv_u32(rest[2])?;
                let transpose = self.cv_bool(rest[3])?;
                let stride = self.cv_u32(rest[4])?;
                ops.extend([m, k, layout, transpose, stride]);
                if let Some(o) = Self::cv_signed_operands(ic, dc) {
                    ops.push(o);
                }
                let opc = if add {
                    cv::OP_MATRIX_MUL_ADD_NV
                } else {
                    cv::OP_MATRIX_MUL_NV
                };
                let r = self.cv_inst(opc, dt, &ops);
                self.code.inst(op::STORE, &[dp, r]);
            }
            "coopVecLoadNV" | "coopVecStoreNV" => {
                arity(3)?;
                let (buf, _, class, ..) = self.ptr(s[1])?;
                let off = self.cv_u32(s[2])?;
                let mem = Self::cv_mem_operands(class);
                if name == "coopVecLoadNV" {
                    let (dp, dt, _) = self.cv_ptr(s[0])?;
                    let mut ops = vec![buf, off];
                    ops.extend(mem);
                    let r = self.cv_inst(cv::OP_LOAD_NV, dt, &ops);
                    self.code.inst(op::STORE, &[dp, r]);
                } else {
                    let (v, ..) = self.cv_load(s[0])?;
                    let mut ops = vec![buf, off, v];
                    ops.extend(mem);
                    self.code.inst(cv::OP_STORE_NV, &ops);
                }
            }
            "coopVecOuterProductAccumulateNV" => {
                arity(7)?;
                let (a, ..) = self.cv_load(s[0])?;
                let (b, ..) = self.cv_load(s[1])?;
                let (buf, ..) = self.ptr(s[2])?;
                let off = self.cv_u32(s[3])?;
                let stride = self.cv_u32(s[4])?;
                let layout = self.cv_u32(s[5])?;
                let interp = self.cv_u32(s[6])?;
                self.m.cap(cv::CAP_COOPERATIVE_VECTOR_TRAINING_NV);
                self.code.inst(
                    cv::OP_OUTER_PRODUCT_ACCUMULATE_NV,
                    &[buf, off, a, b, layout, interp, stride],
                );
            }
            "coopVecReduceSumAccumulateNV" => {
                arity(3)?;
                let (v, ..) = self.cv_load(s[0])?;
                let (buf, ..) = self.ptr(s[1])?;
                let off = self.cv_u32(s[2])?;
                self.m.cap(cv::CAP_COOPERATIVE_VECTOR_TRAINING_NV);
                self.code
                    .inst(cv::OP_REDUCE_SUM_ACCUMULATE_NV, &[buf, off, v]);
            }
            _ => {
                return Err(SpirvError::new(format!(
                    "`{name}` on a cooperative vector with {} operands has no SPIR-V form here",
                    s.len()
                )))
            }
        }
        Ok(true)
    }

    /// The memory operands of a cooperative vector load or store: `Aligned 16` through a
    /// physical pointer (SPV_NV_cooperative_vector asks for 16-byte alignment there).
    fn cv_mem_operands(class: u32) -> Vec<u32> {
        if class == super::super::spec::storage::PHYSICAL_STORAGE_BUFFER {
            vec![2, 16]
        } else {
            Vec::new()
        }
    }
}
