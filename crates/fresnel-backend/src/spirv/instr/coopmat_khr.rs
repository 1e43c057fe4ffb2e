//! The vendor operations on GL_KHR_cooperative_matrix types and GL_NV_cooperative_matrix2's
//! tensor layouts and views (issue 5, helper K), as glslang writes them
//! (SPV_KHR_cooperative_matrix, SPV_NV_cooperative_matrix2, SPV_NV_tensor_addressing). The
//! values live in memory (the IR's `vendor_op` destinations and operands are derefs), so each
//! operation loads its operands, computes, and stores into the destination.
//!
//! * `construct` from a scalar: `OpCompositeConstruct` of the component; from a matrix, and
//!   `convert`: `OpFConvert`, `OpConvertSToF`, ..., integer width changes at the source's
//!   signedness followed by an `OpBitcast` (`OpUConvert` has only unsigned results), the
//!   same component with another use `OpCooperativeMatrixConvertNV`; an array of matrices
//!   element by element;
//! * `op_add`/`op_sub`/`op_mul`/`op_div` of two matrices: `OpFAdd`, `OpIMul`, `OpSDiv`, ...;
//!   by a scalar (either side): `OpMatrixTimesScalar`; `op_neg`: `OpFNegate` / `OpSNegate`;
//! * `extract` / `insert` (`m[i]`): an `OpAccessChain` into the matrix, then a load / store;
//!   `array_length`: `OpCooperativeMatrixLengthKHR`;
//! * `coopMatLoad` / `coopMatStore(m, buf, element, stride, layout)`: through a pointer to
//!   `buf[element]` (the layouts of SPV_ARM_cooperative_matrix_layouts declare it);
//!   `coopMatMulAdd(a, b, c[, operands])`: `OpCooperativeMatrixMulAddKHR` with the
//!   signedness of integer components and the operands given;
//! * GL_NV_cooperative_matrix2: `coopMatTransposeNV`, `coopMatReduceNV`,
//!   `coopMatPerElementNV` (the function argument is the operation's `callee`),
//!   `coopMatLoadTensorNV` / `coopMatStoreTensorNV` (optional view and decode function), and
//!   the tensor layout and view operations (`createTensorLayoutNV`, `setTensorLayout*NV`,
//!   `sliceTensorLayoutNV`, `createTensorViewNV`, `setTensorView*NV`).

use fresnel_ir::{BaseType, IndexKind, Intrinsic, IntrinsicInstr, Type, TypeId, ValueId};

use super::super::coopmat_khr::{self as khr, Comp, CoopMatKhr};
use super::super::spec::op;
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::{FuncCx, Val};

const MATRIX_TIMES_SCALAR: u16 = 143;

/// The operations written here.
const SUPPORTED: &[&str] = &[
    "construct",
    "convert",
    "extract",
    "insert",
    "array_length",
    "op_add",
    "op_sub",
    "op_mul",
    "op_div",
    "op_neg",
    "coopMatLoad",
    "coopMatStore",
    "coopMatMulAdd",
    "saturatedConvertEXT",
    "coopMatTransposeNV",
    "coopMatReduceNV",
    "coopMatPerElementNV",
    "coopMatLoadTensorNV",
    "coopMatStoreTensorNV",
    "createTensorLayoutNV",
    "setTensorLayoutBlockSizeNV",
    "setTensorLayoutDimensionNV",
    "setTensorLayoutStrideNV",
    "setTensorLayoutClampValueNV",
    "sliceTensorLayoutNV",
    "createTensorViewNV",
    "setTensorViewDimensionsNV",
    "setTensorViewStrideNV",
    "setTensorViewClipNV",
];

/// What a deref's type is, for the operations here.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Shape {
    Matrix,
    Tensor,
}

use super::vendor::deref_ty as deref_ir_type;

fn innermost(types: &fresnel_ir::Types, mut ty: TypeId) -> TypeId {
    for _ in 0..64 {
        match types.get(ty) {
            Type::Array { elem, .. } => ty = *elem,
            _ => break,
        }
    }
    ty
}

fn shape_of(types: &fresnel_ir::Types, ty: TypeId) -> Option<Shape> {
    match types.get(innermost(types, ty)) {
        Type::Opaque(n) if khr::parse(n).is_some() => Some(Shape::Matrix),
        Type::Opaque(n) if khr::parse_tensor(n).is_some() => Some(Shape::Tensor),
        _ => None,
    }
}

/// Whether a vendor operation is one written here: a known operation whose first source
/// (the destination or the matrix read) is (an array of) KHR cooperative matrices or a
/// tensor layout or view.
pub(crate) fn supported(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    x: &IntrinsicInstr,
) -> bool {
    let Some(name) = super::vendor::op_name(x) else {
        return false;
    };
    SUPPORTED.contains(&name)
        && x.srcs
            .first()
            .and_then(|&s| deref_ir_type(f, s))
            .is_some_and(|t| shape_of(types, t).is_some())
}

/// A matrix operand: its pointer, SPIR-V type and parsed type.
struct Mat<'a> {
    ptr: u32,
    ty: u32,
    class: u32,
    c: CoopMatKhr<'a>,
}

impl<'a> FuncCx<'_, 'a> {
    /// The matrix type a deref points to, if it is one (not an array of them).
    fn khr_of(&self, v: ValueId) -> Option<CoopMatKhr<'a>> {
        let shader: &'a fresnel_ir::Shader = self.m.shader;
        let t = deref_ir_type(self.f, v)?;
        match shader.types.get(t) {
            Type::Opaque(n) => khr::parse(n),
            _ => None,
        }
    }

    fn khr_mat(&mut self, v: ValueId) -> Result<Mat<'a>> {
        let Some(c) = self.khr_of(v) else {
            return Err(SpirvError::new(
                "internal: operand of a cooperative matrix operation is not a matrix",
            ));
        };
        let (ptr, ty, class, ..) = self.ptr(v)?;
        Ok(Mat { ptr, ty, class, c })
    }

    /// Loads the matrix (or tensor layout or view) `v` points to: (value, SPIR-V type).
    fn khr_load(&mut self, v: ValueId) -> Result<(u32, u32)> {
        let (p, t, ..) = self.ptr(v)?;
        let id = self.load_from(t, p);
        Ok((id, t))
    }

    /// A scalar value as the component of `c`.
    fn khr_scalar(&mut self, v: ValueId, c: &CoopMatKhr<'_>, what: &str) -> Result<u32> {
        let vbits = self.f.values[v].bit_size;
        if vbits == 1 {
            return Err(SpirvError::new(
                "a boolean as the component of a cooperative matrix",
            ));
        }
        if let Comp::Other(n) = c.comp {
            if khr::small_float(n).is_none() {
                return Err(SpirvError::new(format!(
                    "`{what}`: a scalar as a component of a cooperative matrix of `{n}` is not supported in SPIR-V output"
                )));
            }
            // A small float from an ordinary value: converted from its own kind (a
            // constant, untyped in the IR, is the float the checker made it).
            let k = match self.vals[v.0 as usize] {
                Val::Const(_) | Val::Undef => Kind::new(BaseType::Float, vbits, 1),
                _ => self.kind_of(v),
            };
            if vbits < 16 {
                return Err(SpirvError::new(format!(
                    "`{what}`: an 8-bit value as the component of a cooperative matrix of `{n}`"
                )));
            }
            let from = Kind::new(k.base, vbits, 1);
            let id = self.value_as(v, from)?;
            let opc = match k.base {
                BaseType::Int => op::CONVERT_S_TO_F,
                BaseType::Uint => op::CONVERT_U_TO_F,
                _ => op::F_CONVERT,
            };
            let t = self.m.coopmat_component(c.comp, n)?;
            let r = self.new_id();
            self.code.inst(opc, &[t, r, id]);
            return Ok(r);
        }
        let Some((base, bits)) = c.comp.scalar() else {
            return Err(SpirvError::new(format!(
                "`{what}`: a scalar as a component of a cooperative matrix of a vendor component type is not supported"
            )));
        };
        if let Some(k) = self.khr_const_scalar(v, base, bits) {
            return Ok(k);
        }
        let from = Kind::new(base, vbits, 1);
        let id = self.value_as(v, from)?;
        if vbits == bits {
            return Ok(id);
        }
        let opc = match base {
            BaseType::Float => op::F_CONVERT,
            BaseType::Int => op::S_CONVERT,
            _ => op::U_CONVERT,
        };
        let t = self.m.kind_type(Kind::new(base, bits, 1));
        let r = self.new_id();
        self.code.inst(opc, &[t, r, id]);
        Ok(r)
    }

    /// A constant scalar as a constant of the component kind `(base, bits)` (its value
    /// converted as the conversion instruction would), so that a matrix made of it is a
    /// constant too. `None` when `v` is not a constant.
    fn khr_const_scalar(&mut self, v: ValueId, base: BaseType, bits: u8) -> Option<u32> {
        let raw = self.khr_const(v)?;
        let vbits = self.f.values[v].bit_size;
        if vbits < 8 {
            // (A boolean is refused by `khr_scalar`.)
            return None;
        }
        let out = match base {
            BaseType::Float => {
                let x = match vbits {
                    16 => f64::from(fresnel_ir::float::f16_to_f32(raw as u16)),
                    32 => f64::from(f32::from_bits(raw as u32)),
                    64 => f64::from_bits(raw),
                    _ => return None,
                };
                match bits {
                    16 => u64::from(fresnel_ir::float::f32_to_f16(x as f32)),
                    32 => u64::from((x as f32).to_bits()),
                    64 => x.to_bits(),
                    _ => return None,
                }
            }
            BaseType::Int | BaseType::Uint if bits <= 64 => {
                // Truncation keeps the low bits (`OpSConvert`/`OpUConvert` narrowing);
                // widening extends by the component's signedness.
                let mask = if vbits >= 64 {
                    u64::MAX
                } else {
                    (1u64 << vbits) - 1
                };
                let x = raw & mask;
                let x = if base == BaseType::Int && vbits < 64 && x >> (vbits - 1) & 1 == 1 {
                    x | !mask
                } else {
                    x
                };
                if bits >= 64 {
                    x
                } else {
                    x & ((1u64 << bits) - 1)
                }
            }
            _ => return None,
        };
        Some(self.m.constant(Kind::new(base, bits, 1), &[out]))
    }

    /// An integer value as a 32-bit (or 64-bit) integer id, at its own signedness.
    fn khr_int(&mut self, v: ValueId) -> Result<u32> {
        let k = self.kind_of(v);
        let base = if k.base == BaseType::Int {
            BaseType::Int
        } else {
            BaseType::Uint
        };
        let bits = if self.f.values[v].bit_size == 64 {
            64
        } else {
            32
        };
        self.value_as(v, Kind::new(base, bits, 1))
    }

    /// The constant value of `v`, if it is one.
    fn khr_const(&self, v: ValueId) -> Option<u64> {
        match &self.vals[v.0 as usize] {
            &Val::Const(c) => self.consts[c as usize].first().copied(),
            _ => None,
        }
    }

    fn khr_conversions_cap(&mut self) {
        self.m.cap(khr::CAP_COOPERATIVE_MATRIX_CONVERSIONS_NV);
        self.m.exts.insert("SPV_NV_cooperative_matrix2");
    }

    /// A matrix value `id` of type `from` converted to `to` (SPIR-V type `t`).
    fn khr_convert(
        &mut self,
        id: u32,
        from: &CoopMatKhr<'_>,
        to: &CoopMatKhr<'_>,
        t: u32,
    ) -> Result<u32> {
        use BaseType::{Float, Int, Uint};
        if from.usage != to.usage {
            self.khr_conversions_cap();
        }
        if from.comp == to.comp {
            if from.usage == to.usage {
                return Ok(id);
            }
            let r = self.new_id();
            self.code
                .inst(khr::OP_COOPERATIVE_MATRIX_CONVERT_NV, &[t, r, id]);
            return Ok(r);
        }
        let (Some((fb, fbits)), Some((tb, tbits))) = (from.comp.arith(), to.comp.arith()) else {
            return Err(SpirvError::new(
                "a conversion between cooperative matrices of vendor component types is not supported in SPIR-V output",
            ));
        };
        let one = |cx: &mut Self, opc: u16, t: u32, a: u32| {
            let r = cx.new_id();
            cx.code.inst(opc, &[t, r, a]);
            r
        };
        Ok(match (fb, tb) {
            (Float, Float) => one(self, op::F_CONVERT, t, id),
            (Int, Float) => one(self, op::CONVERT_S_TO_F, t, id),
            (Uint, Float) => one(self, op::CONVERT_U_TO_F, t, id),
            (Float, Int) => one(self, op::CONVERT_F_TO_S, t, id),
            (Float, Uint) => one(self, op::CONVERT_F_TO_U, t, id),
            (Int | Uint, Int | Uint) if fbits == tbits => one(self, op::BITCAST, t, id),
            (Int | Uint, Int | Uint) => {
                // The width changes at the source's signedness, then the bits are
                // reinterpreted.
                let opc = if fb == Int {
                    op::S_CONVERT
                } else {
                    op::U_CONVERT
                };
                if fb == tb {
                    one(self, opc, t, id)
                } else {
                    let mid = CoopMatKhr {
                        comp: Comp::Scalar(fb, tbits),
                        ..*to
                    };
                    let mt = self.m.coopmat_khr_with_comp(&mid, mid.comp)?;
                    let w = one(self, opc, mt, id);
                    one(self, op::BITCAST, t, w)
                }
            }
            _ => {
                return Err(SpirvError::new(
                    "a conversion of cooperative matrices with boolean components",
                ))
            }
        })
    }

    /// Writes an operation on KHR cooperative matrices or tensor layouts and views
    /// (`Ok(false)`: not one).
    pub(super) fn emit_coopmat_khr(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if !matches!(x.op, Intrinsic::VendorOp | Intrinsic::VendorOpValue)
            || !supported(&self.m.shader.types, self.f, x)
        {
            return Ok(false);
        }
        let name = super::vendor::op_name(x).unwrap_or("");
        let s = &x.srcs;
        let arity = |n: usize| -> Result<()> {
            if s.len() == n {
                Ok(())
            } else {
                Err(SpirvError::new(format!(
                    "`{name}` on a cooperative matrix with {} operands",
                    s.len()
                )))
            }
        };
        let is_mat = |cx: &Self, v: ValueId| cx.khr_of(v).is_some();
        match name {
            "construct" | "convert" if self.khr_of(s[0]).is_none() => {
                self.khr_construct_aggregate(name, s)?;
            }
            "saturatedConvertEXT" => {
                // Into a matrix of 8-bit floats, saturating (SPV_EXT_float8).
                arity(2)?;
                let d = self.khr_mat(s[0])?;
                let src = self.khr_mat(s[1])?;
                let to_float8 = matches!(d.c.comp, Comp::Other(n)
                    if khr::small_float(n).is_some_and(|f| f.bits == 8));
                if !to_float8 {
                    return Err(SpirvError::new(
                        "`saturatedConvertEXT` into a cooperative matrix of other than 8-bit floats has no SPIR-V form",
                    ));
                }
                let (v, _) = self.khr_load(s[1])?;
                let r = self.khr_convert(v, &src.c, &d.c, d.ty)?;
                if r == v {
                    return Err(SpirvError::new(
                        "`saturatedConvertEXT` between cooperative matrices of one type",
                    ));
                }
                const SATURATED_TO_LARGEST_FLOAT8: u32 = 4216;
                self.m.decorate(r, SATURATED_TO_LARGEST_FLOAT8, &[]);
                self.code.inst(op::STORE, &[d.ptr, r]);
            }
            "construct" | "convert" => {
                arity(2)?;
                let d = self.khr_mat(s[0])?;
                let val = if is_mat(self, s[1]) {
                    let src = self.khr_mat(s[1])?;
                    let (v, _) = self.khr_load(s[1])?;
                    self.khr_convert(v, &src.c, &d.c, d.ty)?
                } else if let Some(k) =
                    d.c.comp
                        .scalar()
                        .and_then(|(b, n)| self.khr_const_scalar(s[1], b, n))
                {
                    // A constant matrix, as glslang writes it.
                    self.m.composite_const(d.ty, &[k])
                } else {
                    let e = self.khr_scalar(s[1], &d.c, name)?;
                    let r = self.new_id();
                    self.code.inst(op::COMPOSITE_CONSTRUCT, &[d.ty, r, e]);
                    r
                };
                self.code.inst(op::STORE, &[d.ptr, val]);
            }
            "op_add" | "op_sub" | "op_div" | "op_mul" => {
                arity(3)?;
                let d = self.khr_mat(s[0])?;
                let Some((base, _)) = d.c.comp.arith() else {
                    return Err(SpirvError::new(format!(
                        "`{name}` on a cooperative matrix of a vendor component type is not supported in SPIR-V output"
                    )));
                };
                let val = match (is_mat(self, s[1]), is_mat(self, s[2])) {
                    (true, true) => {
                        let (a, _) = self.khr_load(s[1])?;
                        let (b, _) = self.khr_load(s[2])?;
                        let opc = match (name, base) {
                            ("op_add", BaseType::Float) => op::F_ADD,
                            ("op_add", _) => op::I_ADD,
                            ("op_sub", BaseType::Float) => op::F_SUB,
                            ("op_sub", _) => op::I_SUB,
                            ("op_mul", BaseType::Float) => op::F_MUL,
                            ("op_mul", _) => op::I_MUL,
                            (_, BaseType::Float) => op::F_DIV,
                            (_, BaseType::Int) => op::S_DIV,
                            _ => op::U_DIV,
                        };
                        let r = self.new_id();
                        self.code.inst(opc, &[d.ty, r, a, b]);
                        r
                    }
                    (m, n) if name == "op_mul" && m != n => {
                        let (mi, si) = if m { (s[1], s[2]) } else { (s[2], s[1]) };
                        let (a, _) = self.khr_load(mi)?;
                        let k = self.khr_scalar(si, &d.c, name)?;
                        let r = self.new_id();
                        self.code.inst(MATRIX_TIMES_SCALAR, &[d.ty, r, a, k]);
                        r
                    }
                    _ => {
                        return Err(SpirvError::new(format!(
                            "`{name}` of a cooperative matrix and a scalar has no SPIR-V form (SPV_KHR_cooperative_matrix)"
                        )))
                    }
                };
                self.code.inst(op::STORE, &[d.ptr, val]);
            }
            "op_neg" => {
                arity(2)?;
                let d = self.khr_mat(s[0])?;
                let (a, _) = self.khr_load(s[1])?;
                let opc = match d.c.comp.arith() {
                    Some((BaseType::Float, _)) => op::F_NEGATE,
                    Some(_) => op::S_NEGATE,
                    None => {
                        return Err(SpirvError::new(
                            "negation of a cooperative matrix of a vendor component type is not supported in SPIR-V output",
                        ))
                    }
                };
                let r = self.new_id();
                self.code.inst(opc, &[d.ty, r, a]);
                self.code.inst(op::STORE, &[d.ptr, r]);
            }
            "extract" => {
                arity(2)?;
                let Some(dest) = x.dest else {
                    return Err(SpirvError::new(
                        "element read of a cooperative matrix without a result",
                    ));
                };
                let (p, k) = self.khr_element(s[0], s[1])?;
                let t = self.m.kind_type(k);
                let id = self.load_from(t, p);
                self.set(dest, id, k);
            }
            "insert" => {
                arity(3)?;
                let c = self.khr_mat(s[0])?.c;
                let (p, _) = self.khr_element(s[0], s[1])?;
                let e = self.khr_scalar(s[2], &c, name)?;
                self.code.inst(op::STORE, &[p, e]);
            }
            "array_length" => {
                arity(1)?;
                let Some(dest) = x.dest else {
                    return Err(SpirvError::new(
                        "length of a cooperative matrix without a result",
                    ));
                };
                if self.f.values[dest].bit_size != 32 {
                    return Err(SpirvError::new(
                        "length of a cooperative matrix as a non-32-bit value",
                    ));
                }
                let d = self.khr_mat(s[0])?;
                let k = Kind::new(BaseType::Uint, 32, 1);
                let ut = self.m.kind_type(k);
                let id = self.new_id();
                self.code
                    .inst(khr::OP_COOPERATIVE_MATRIX_LENGTH_KHR, &[ut, id, d.ty]);
                self.set(dest, id, k);
            }
            "coopMatLoad" | "coopMatStore" => {
                arity(5)?;
                let (p, class, ek) = self.khr_buffer_element(s[1], s[2], name)?;
                let stride = self.khr_int(s[3])?;
                let Some(layout) = self.khr_const(s[4]) else {
                    return Err(SpirvError::new(format!(
                        "`{name}`: the matrix layout is not a constant"
                    )));
                };
                if matches!(layout, 4202 | 4203) {
                    self.m.cap(khr::CAP_COOPERATIVE_MATRIX_LAYOUTS_ARM);
                    self.m.exts.insert("SPV_ARM_cooperative_matrix_layouts");
                }
                let layout = self.m.const_i32(layout as u32 as i32);
                let mem = Self::mem_operands(class, ek);
                let d = self.khr_mat(s[0])?;
                if name == "coopMatLoad" {
                    let r = self.new_id();
                    let mut ops = vec![d.ty, r, p, layout, stride];
                    ops.extend(&mem);
                    self.code.inst(khr::OP_COOPERATIVE_MATRIX_LOAD_KHR, &ops);
                    self.code.inst(op::STORE, &[d.ptr, r]);
                } else {
                    let (m, _) = self.khr_load(s[0])?;
                    let mut ops = vec![p, m, layout, stride];
                    ops.extend(&mem);
                    self.code.inst(khr::OP_COOPERATIVE_MATRIX_STORE_KHR, &ops);
                }
            }
            "coopMatMulAdd" => {
                if !(4..=5).contains(&s.len()) {
                    arity(4)?;
                }
                let d = self.khr_mat(s[0])?;
                let a = self.khr_mat(s[1])?;
                let b = self.khr_mat(s[2])?;
                let c = self.khr_mat(s[3])?;
                let signed = |m: &Mat<'_>| matches!(m.c.comp.scalar(), Some((BaseType::Int, _)));
                let mut mask = 0u32;
                for (bit, m) in [(1, &a), (2, &b), (4, &c), (8, &d)] {
                    if signed(m) {
                        mask |= bit;
                    }
                }
                if let Some(&o) = s.get(4) {
                    let Some(v) = self.khr_const(o) else {
                        return Err(SpirvError::new(
                            "`coopMatMulAdd`: the matrix operands are not a constant",
                        ));
                    };
                    mask |= v as u32;
                }
                let (av, _) = self.khr_load(s[1])?;
                let (bv, _) = self.khr_load(s[2])?;
                let (cv, _) = self.khr_load(s[3])?;
                let r = self.new_id();
                let mut ops = vec![d.ty, r, av, bv, cv];
                if mask != 0 {
                    ops.push(mask);
                }
                self.code.inst(khr::OP_COOPERATIVE_MATRIX_MUL_ADD_KHR, &ops);
                self.code.inst(op::STORE, &[d.ptr, r]);
            }
            _ => return self.emit_coopmat2(x, name),
        }
        Ok(true)
    }

    /// Construction of an array of matrices (or tensor layouts or views) from its elements,
    /// and copies between such arrays.
    fn khr_construct_aggregate(&mut self, name: &str, s: &[ValueId]) -> Result<()> {
        let shader: &'a fresnel_ir::Shader = self.m.shader;
        if s.len() < 2 {
            return Err(SpirvError::new(format!(
                "`{name}` of cooperative matrices without operands"
            )));
        }
        let Some(dty) = deref_ir_type(self.f, s[0]) else {
            return Err(SpirvError::new("internal: destination is not a deref"));
        };
        let (dp, dt, class, ..) = self.ptr(s[0])?;
        match shader.types.get(dty) {
            Type::Array { elem, .. }
                if s.len() > 2 || deref_ir_type(self.f, s[1]) == Some(*elem) =>
            {
                let elem_t = self.m.ir_type(*elem, false, None)?;
                let pt = self.m.pointer(class, elem_t);
                for (i, &src) in s[1..].iter().enumerate() {
                    if deref_ir_type(self.f, src) != Some(*elem) {
                        return Err(SpirvError::new(format!(
                            "`{name}` of an array of cooperative matrices from other than its elements"
                        )));
                    }
                    let (v, _) = self.khr_load(src)?;
                    let idx = self.m.const_i32(i as i32);
                    let p = self.new_id();
                    self.code.inst(op::ACCESS_CHAIN, &[pt, p, dp, idx]);
                    self.code.inst(op::STORE, &[p, v]);
                }
                Ok(())
            }
            _ if s.len() == 2 && deref_ir_type(self.f, s[1]) == Some(dty) => {
                let (v, _) = self.khr_load(s[1])?;
                let _ = dt;
                self.code.inst(op::STORE, &[dp, v]);
                Ok(())
            }
            _ => Err(SpirvError::new(format!(
                "`{name}` of `{}` has no SPIR-V form here",
                shader.types.display(dty)
            ))),
        }
    }

    /// A pointer to element `index` of the matrix `m` points to, and the element's kind.
    fn khr_element(&mut self, m: ValueId, index: ValueId) -> Result<(u32, Kind)> {
        let d = self.khr_mat(m)?;
        let Some((base, bits)) = d.c.comp.scalar() else {
            return Err(SpirvError::new(
                "an element of a cooperative matrix of a vendor component type is not supported in SPIR-V output",
            ));
        };
        let k = Kind::new(base, bits, 1);
        let comp = self.m.kind_type(k);
        let pt = self.m.pointer(d.class, comp);
        let idx = self.khr_int(index)?;
        let p = self.new_id();
        self.code.inst(op::ACCESS_CHAIN, &[pt, p, d.ptr, idx]);
        Ok((p, k))
    }

    /// A pointer to element `index` of the array `buf` points to (the memory operand of
    /// the loads and stores), its storage class and the element's kind (for alignment).
    fn khr_buffer_element(
        &mut self,
        buf: ValueId,
        index: ValueId,
        what: &str,
    ) -> Result<(u32, u32, Kind)> {
        let (bid, pointee, class, ..) = self.ptr(buf)?;
        let Some(&elem) = self.m.elem.get(&pointee) else {
            return Err(SpirvError::new(format!(
                "the buffer argument of `{what}` is not an array"
            )));
        };
        let k = match self.m.value_types.get(&elem) {
            Some(&comps) => {
                let scalar = self.m.elem.get(&elem).copied().unwrap_or(elem);
                Kind::new(BaseType::Uint, self.m.scalar_bits(scalar), comps)
            }
            None => Kind::new(BaseType::Uint, 32, 1),
        };
        let idx = self.khr_int(index)?;
        let pt = self.m.pointer(class, elem);
        let p = self.new_id();
        self.code.inst(op::ACCESS_CHAIN, &[pt, p, bid, idx]);
        Ok((p, class, k))
    }

    /// The SPIR-V function a vendor operation names as its `callee` (or `callee2`: `k`).
    fn khr_callee(&self, x: &IntrinsicInstr, k: IndexKind, what: &str) -> Result<u32> {
        x.index(k)
            .and_then(|c| usize::try_from(c).ok())
            .and_then(|c| self.m.func_ids.get(c).copied())
            .ok_or_else(|| SpirvError::new(format!("`{what}` without its function argument")))
    }

    /// The kind of parameter `i` of the operation's function argument, when it is a scalar
    /// or vector.
    fn khr_callee_param_kind(&self, x: &IntrinsicInstr, i: usize) -> Option<Kind> {
        let c = u32::try_from(x.index(IndexKind::Callee)?).ok()?;
        let f = self.m.shader.functions.get(fresnel_ir::FuncId(c))?;
        let var = self.m.shader.vars.get(f.params.get(i)?.var)?;
        self.m.value_kind(var.ty)
    }

    /// The GL_NV_cooperative_matrix2 operations.
    fn emit_coopmat2(&mut self, x: &IntrinsicInstr, name: &str) -> Result<bool> {
        let s = &x.srcs;
        let need = |n: usize| -> Result<()> {
            if s.len() >= n {
                Ok(())
            } else {
                Err(SpirvError::new(format!(
                    "`{name}` with {} operands",
                    s.len()
                )))
            }
        };
        match name {
            "coopMatTransposeNV" => {
                need(2)?;
                self.khr_conversions_cap();
                let d = self.khr_mat(s[0])?;
                let (a, _) = self.khr_load(s[1])?;
                let r = self.new_id();
                self.code
                    .inst(khr::OP_COOPERATIVE_MATRIX_TRANSPOSE_NV, &[d.ty, r, a]);
                self.code.inst(op::STORE, &[d.ptr, r]);
            }
            "coopMatReduceNV" => {
                need(4)?;
                self.m.cap(khr::CAP_COOPERATIVE_MATRIX_REDUCTIONS_NV);
                self.m.exts.insert("SPV_NV_cooperative_matrix2");
                let Some(mode) = self.khr_const(s[2]) else {
                    return Err(SpirvError::new(
                        "`coopMatReduceNV`: the reduction mode is not a constant",
                    ));
                };
                let func = self.khr_callee(x, IndexKind::Callee, name)?;
                let d = self.khr_mat(s[0])?;
                let (a, _) = self.khr_load(s[1])?;
                let r = self.new_id();
                self.code.inst(
                    khr::OP_COOPERATIVE_MATRIX_REDUCE_NV,
                    &[d.ty, r, a, mode as u32, func],
                );
                self.code.inst(op::STORE, &[d.ptr, r]);
            }
            "coopMatPerElementNV" => {
                need(3)?;
                self.m
                    .cap(khr::CAP_COOPERATIVE_MATRIX_PER_ELEMENT_OPERATIONS_NV);
                self.m.exts.insert("SPV_NV_cooperative_matrix2");
                let func = self.khr_callee(x, IndexKind::Callee, name)?;
                let d = self.khr_mat(s[0])?;
                let (a, _) = self.khr_load(s[1])?;
                let mut ops = vec![d.ty, 0, a, func];
                // s[2] holds the function's place; the extra operands follow, each of the
                // type of its parameter (the function takes the row, the column and the
                // element first): a typeless constant such as `float16_t(1.0)` is otherwise
                // written as the integer of its bits.
                for (i, &v) in s[3..].iter().enumerate() {
                    let want = self
                        .khr_callee_param_kind(x, 3 + i)
                        .filter(|_| deref_ir_type(self.f, v).is_none());
                    ops.push(match want {
                        Some(k) if k.bits == self.f.values[v].bit_size => self.value_as(v, k)?,
                        _ => self.khr_operand(v, name)?,
                    });
                }
                let r = self.new_id();
                ops[1] = r;
                self.code
                    .inst(khr::OP_COOPERATIVE_MATRIX_PER_ELEMENT_OP_NV, &ops);
                self.code.inst(op::STORE, &[d.ptr, r]);
            }
            "coopMatLoadTensorNV" | "coopMatStoreTensorNV" => {
                need(4)?;
                self.m.cap(khr::CAP_COOPERATIVE_MATRIX_TENSOR_ADDRESSING_NV);
                self.m.exts.insert("SPV_NV_cooperative_matrix2");
                let (p, class, ek) = self.khr_buffer_element(s[1], s[2], name)?;
                let d = self.khr_mat(s[0])?;
                let (layout, _) = self.khr_load(s[3])?;
                let mut mask = 0u32;
                let mut extra = Vec::new();
                for &v in &s[4..] {
                    if deref_ir_type(self.f, v)
                        .is_some_and(|t| shape_of(&self.m.shader.types, t) == Some(Shape::Tensor))
                    {
                        let (view, _) = self.khr_load(v)?;
                        mask |= 1;
                        extra.push(view);
                    } else {
                        // A decode function's place: the decode function, then the
                        // vector one (GL_NV_cooperative_matrix_decode_vector).
                        if name == "coopMatStoreTensorNV" {
                            return Err(SpirvError::new(
                                "`coopMatStoreTensorNV` with a decode function",
                            ));
                        }
                        if mask & 2 == 0 {
                            self.m.cap(khr::CAP_COOPERATIVE_MATRIX_BLOCK_LOADS_NV);
                            mask |= 2;
                            extra.push(self.khr_callee(x, IndexKind::Callee, name)?);
                        } else if mask & khr::TENSOR_ADDRESSING_DECODE_VECTOR_FUNC == 0 {
                            self.m.cap(khr::CAP_COOPERATIVE_MATRIX_DECODE_VECTOR_NV);
                            self.m
                                .exts
                                .insert("SPV_NV_cooperative_matrix_decode_vector");
                            mask |= khr::TENSOR_ADDRESSING_DECODE_VECTOR_FUNC;
                            extra.push(self.khr_callee(x, IndexKind::Callee2, name)?);
                        } else {
                            return Err(SpirvError::new(
                                "`coopMatLoadTensorNV` with more than two decode functions",
                            ));
                        }
                    }
                }
                let mut mem: Vec<u32> = Self::mem_operands(class, ek).to_vec();
                if mem.is_empty() {
                    mem.push(0);
                }
                let (obj, _) = self.khr_load(s[0])?;
                if name == "coopMatLoadTensorNV" {
                    let r = self.new_id();
                    let mut ops = vec![d.ty, r, p, obj, layout];
                    ops.extend(&mem);
                    ops.push(mask);
                    ops.extend(&extra);
                    self.code
                        .inst(khr::OP_COOPERATIVE_MATRIX_LOAD_TENSOR_NV, &ops);
                    self.code.inst(op::STORE, &[d.ptr, r]);
                } else {
                    let mut ops = vec![p, obj, layout];
                    ops.extend(&mem);
                    ops.push(mask);
                    ops.extend(&extra);
                    self.code
                        .inst(khr::OP_COOPERATIVE_MATRIX_STORE_TENSOR_NV, &ops);
                }
            }
            "createTensorLayoutNV" | "createTensorViewNV" => {
                need(1)?;
                let (dp, dt, ..) = self.ptr(s[0])?;
                let opc = if name == "createTensorLayoutNV" {
                    khr::OP_CREATE_TENSOR_LAYOUT_NV
                } else {
                    khr::OP_CREATE_TENSOR_VIEW_NV
                };
                let r = self.new_id();
                self.code.inst(opc, &[dt, r]);
                self.code.inst(op::STORE, &[dp, r]);
            }
            "setTensorLayoutBlockSizeNV"
            | "setTensorLayoutDimensionNV"
            | "setTensorLayoutStrideNV"
            | "setTensorLayoutClampValueNV"
            | "sliceTensorLayoutNV"
            | "setTensorViewDimensionsNV"
            | "setTensorViewStrideNV"
            | "setTensorViewClipNV" => {
                need(2)?;
                let opc = match name {
                    "setTensorLayoutBlockSizeNV" => {
                        self.m.cap(khr::CAP_COOPERATIVE_MATRIX_BLOCK_LOADS_NV);
                        self.m.exts.insert("SPV_NV_cooperative_matrix2");
                        khr::OP_TENSOR_LAYOUT_SET_BLOCK_SIZE_NV
                    }
                    "setTensorLayoutDimensionNV" => khr::OP_TENSOR_LAYOUT_SET_DIMENSION_NV,
                    "setTensorLayoutStrideNV" => khr::OP_TENSOR_LAYOUT_SET_STRIDE_NV,
                    "setTensorLayoutClampValueNV" => khr::OP_TENSOR_LAYOUT_SET_CLAMP_VALUE_NV,
                    "sliceTensorLayoutNV" => khr::OP_TENSOR_LAYOUT_SLICE_NV,
                    "setTensorViewDimensionsNV" => khr::OP_TENSOR_VIEW_SET_DIMENSION_NV,
                    "setTensorViewStrideNV" => khr::OP_TENSOR_VIEW_SET_STRIDE_NV,
                    _ => khr::OP_TENSOR_VIEW_SET_CLIP_NV,
                };
                let (dp, dt, ..) = self.ptr(s[0])?;
                let (t, _) = self.khr_load(s[1])?;
                let r = self.new_id();
                let mut ops = vec![dt, r, t];
                for &v in &s[2..] {
                    ops.push(self.khr_operand(v, name)?);
                }
                self.code.inst(opc, &ops);
                self.code.inst(op::STORE, &[dp, ops[1]]);
            }
            _ => {
                return Err(SpirvError::new(format!(
                    "`{name}` on a cooperative matrix with {} operands has no SPIR-V form here",
                    s.len()
                )))
            }
        }
        Ok(true)
    }

    /// An ordinary operand (a value, or a deref of a matrix, layout or view, loaded).
    fn khr_operand(&mut self, v: ValueId, what: &str) -> Result<u32> {
        if deref_ir_type(self.f, v).is_some() {
            return self.khr_load(v).map(|(id, _)| id);
        }
        let d = &self.f.values[v];
        if d.bit_size == 1 {
            return Err(SpirvError::new(format!("`{what}`: a boolean operand")));
        }
        let k = self.kind_of(v);
        let k = Kind::new(k.base, d.bit_size, d.num_components);
        self.value_as(v, k)
    }
}
