//! The vendor operations on GL_NV_cooperative_matrix types (issue 5, helper V), as
//! SPV_NV_cooperative_matrix writes them (glslang's forms): the matrices live in memory (the
//! IR's `vendor_op` destinations and operands are derefs), so each operation loads its
//! matrix operands, computes, and stores into the destination.
//!
//! * `construct` from a scalar: `OpCompositeConstruct` of the component (converted to the
//!   component type first); from another matrix, and `convert`: `OpFConvert`,
//!   `OpConvertSToF`, `OpConvertUToF`, `OpConvertFToS/U`, `OpSConvert`, `OpUConvert` by the
//!   component types (an `OpCopyObject`-free load/store when the types agree);
//! * `op_add`/`op_sub`/`op_div` of two matrices: `OpFAdd`, `OpIAdd`, ...;
//!   `op_mul` by a scalar (either side): `OpMatrixTimesScalar`; `op_neg`: `OpFNegate` /
//!   `OpSNegate`;
//! * `extract` / `insert` (`m[i]`): an `OpAccessChain` into the matrix, then a load / store;
//! * `array_length` (`m.length()`): `OpCooperativeMatrixLengthNV` (the checker folds
//!   `.length()` to rows x columns today, so this form is not reached from GLSL);
//! * `coopMatLoadNV(m, buf, element, stride, colMajor)`: `OpCooperativeMatrixLoadNV` through
//!   a pointer to `buf[element]`; `coopMatStoreNV` likewise; `coopMatMulAddNV(a, b, c)`:
//!   `OpCooperativeMatrixMulAddNV`.

use fresnel_ir::{BaseType, Intrinsic, IntrinsicInstr, Type, ValueId};

use super::super::coopmat_nv as nv;

/// The component type of an NV cooperative matrix (all the operations need of its type).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CoopMatNv {
    base: BaseType,
    bits: u8,
}
use super::super::spec::op;
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

const MATRIX_TIMES_SCALAR: u16 = 143;

/// The NV cooperative matrix type a deref points to, if it is one.
pub(crate) fn deref_coopmat(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    v: ValueId,
) -> Option<CoopMatNv> {
    match types.get(super::vendor::deref_ty(f, v)?) {
        Type::Opaque(n) => nv::parse(n).map(|c| CoopMatNv {
            base: c.base,
            bits: c.bits,
        }),
        _ => None,
    }
}

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
    "coopMatLoadNV",
    "coopMatStoreNV",
    "coopMatMulAddNV",
];

/// Whether a vendor operation is one of those on NV cooperative matrices written here (its
/// first source, the destination or the matrix read, is such a matrix).
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
            .is_some_and(|&s| deref_coopmat(types, f, s).is_some())
}

impl FuncCx<'_, '_> {
    /// The pointer id and SPIR-V matrix type of a deref of an NV cooperative matrix.
    fn coop_ptr(&mut self, v: ValueId) -> Result<(u32, u32, CoopMatNv)> {
        self.vendor_ptr(v, deref_coopmat, "cooperative matrix")
    }

    fn coop_load(&mut self, v: ValueId) -> Result<(u32, u32, CoopMatNv)> {
        self.vendor_load(v, deref_coopmat, "cooperative matrix")
    }

    /// A matrix value converted from component type `from` to `to` (type `t`).
    fn coop_convert(&mut self, id: u32, from: CoopMatNv, to: CoopMatNv, t: u32) -> u32 {
        use BaseType::{Float, Int, Uint};
        let opc = match (from.base, to.base) {
            (Float, Float) if from.bits != to.bits => op::F_CONVERT,
            (Int, Float) => op::CONVERT_S_TO_F,
            (Uint, Float) => op::CONVERT_U_TO_F,
            (Float, Int) => op::CONVERT_F_TO_S,
            (Float, Uint) => op::CONVERT_F_TO_U,
            (Int, Int | Uint) if from.bits != to.bits => op::S_CONVERT,
            (Uint, Int | Uint) if from.bits != to.bits => op::U_CONVERT,
            (a, b) if a == b => return id,
            // The same width, another signedness.
            _ => op::BITCAST,
        };
        let r = self.new_id();
        self.code.inst(opc, &[t, r, id]);
        r
    }

    /// A scalar value as the component type of `c`: read with the component's base type at
    /// its own width, then converted to the component's width.
    fn coop_scalar(&mut self, v: ValueId, c: CoopMatNv) -> Result<u32> {
        let vbits = self.f.values[v].bit_size;
        if vbits == 1 {
            return Err(SpirvError::new(
                "a boolean as the component of a cooperative matrix",
            ));
        }
        let from = Kind::new(c.base, vbits, 1);
        let to = Kind::new(c.base, c.bits, 1);
        let id = self.value_as(v, from)?;
        if vbits == c.bits {
            return Ok(id);
        }
        let opc = match c.base {
            BaseType::Float => op::F_CONVERT,
            BaseType::Int => op::S_CONVERT,
            _ => op::U_CONVERT,
        };
        let t = self.m.kind_type(to);
        let r = self.new_id();
        self.code.inst(opc, &[t, r, id]);
        Ok(r)
    }

    /// A pointer to element `index` of the array `buf` points to (the memory operand of
    /// `coopMatLoadNV` / `coopMatStoreNV`), with its storage class.
    fn coop_buffer_element(&mut self, buf: ValueId, index: ValueId) -> Result<(u32, u32, Kind)> {
        let (bid, pointee, class, ..) = self.ptr(buf)?;
        let Some(&elem) = self.m.elem.get(&pointee) else {
            return Err(SpirvError::new(
                "the buffer argument of coopMatLoadNV/coopMatStoreNV is not an array",
            ));
        };
        let Some(&comps) = self.m.value_types.get(&elem) else {
            return Err(SpirvError::new(
                "the buffer argument of coopMatLoadNV/coopMatStoreNV is not an array of scalars or vectors",
            ));
        };
        let scalar = self.m.elem.get(&elem).copied().unwrap_or(elem);
        let bits = self.m.scalar_bits(scalar);
        let idx = self.value_as(index, Kind::new(BaseType::Uint, 32, 1))?;
        let pt = self.m.pointer(class, elem);
        let p = self.new_id();
        self.code.inst(op::ACCESS_CHAIN, &[pt, p, bid, idx]);
        Ok((p, class, Kind::new(BaseType::Uint, bits, comps)))
    }

    /// Writes an operation on NV cooperative matrices (`Ok(false)`: not one).
    pub(super) fn emit_coopmat_nv(&mut self, x: &IntrinsicInstr) -> Result<bool> {
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
        let is_mat = |cx: &Self, v: ValueId| deref_coopmat(&cx.m.shader.types, cx.f, v).is_some();
        match name {
            "construct" | "convert" => {
                arity(2)?;
                let (dp, dt, dc) = self.coop_ptr(s[0])?;
                let val = if is_mat(self, s[1]) {
                    let (v, _, sc) = self.coop_load(s[1])?;
                    self.coop_convert(v, sc, dc, dt)
                } else {
                    let e = self.coop_scalar(s[1], dc)?;
                    let r = self.new_id();
                    self.code.inst(op::COMPOSITE_CONSTRUCT, &[dt, r, e]);
                    r
                };
                self.code.inst(op::STORE, &[dp, val]);
            }
            "op_add" | "op_sub" | "op_div" | "op_mul" if s.len() == 3 => {
                let (dp, dt, dc) = self.coop_ptr(s[0])?;
                let val = match (is_mat(self, s[1]), is_mat(self, s[2])) {
                    (true, true) => {
                        let (a, ..) = self.coop_load(s[1])?;
                        let (b, ..) = self.coop_load(s[2])?;
                        let opc = match (name, dc.base) {
                            ("op_add", BaseType::Float) => op::F_ADD,
                            ("op_add", _) => op::I_ADD,
                            ("op_sub", BaseType::Float) => op::F_SUB,
                            ("op_sub", _) => op::I_SUB,
                            ("op_mul", _) => {
                                return Err(SpirvError::new(
                                    "a product of two cooperative matrices has no SPIR-V form (GL_NV_cooperative_matrix multiplies by a scalar; use coopMatMulAddNV)",
                                ))
                            }
                            (_, BaseType::Float) => op::F_DIV,
                            (_, BaseType::Int) => op::S_DIV,
                            _ => op::U_DIV,
                        };
                        let r = self.new_id();
                        self.code.inst(opc, &[dt, r, a, b]);
                        r
                    }
                    (m, _) if name == "op_mul" => {
                        let (mi, si) = if m { (s[1], s[2]) } else { (s[2], s[1]) };
                        let (a, ..) = self.coop_load(mi)?;
                        let k = self.coop_scalar(si, dc)?;
                        let r = self.new_id();
                        self.code.inst(MATRIX_TIMES_SCALAR, &[dt, r, a, k]);
                        r
                    }
                    _ => {
                        return Err(SpirvError::new(format!(
                            "`{name}` of a cooperative matrix and a scalar has no SPIR-V form (SPV_NV_cooperative_matrix)"
                        )))
                    }
                };
                self.code.inst(op::STORE, &[dp, val]);
            }
            "op_neg" => {
                arity(2)?;
                let (dp, dt, dc) = self.coop_ptr(s[0])?;
                let (a, ..) = self.coop_load(s[1])?;
                let opc = if dc.base == BaseType::Float {
                    op::F_NEGATE
                } else {
                    op::S_NEGATE
                };
                let r = self.new_id();
                self.code.inst(opc, &[dt, r, a]);
                self.code.inst(op::STORE, &[dp, r]);
            }
            "extract" => {
                arity(2)?;
                let Some(dest) = x.dest else {
                    return Err(SpirvError::new(
                        "element read of a cooperative matrix without a result",
                    ));
                };
                let (p, c) = self.coop_element(s[0], s[1])?;
                let k = Kind::new(c.base, c.bits, 1);
                let id = self.op_load(k, p);
                self.set(dest, id, k);
            }
            "insert" => {
                arity(3)?;
                let (p, c) = self.coop_element(s[0], s[1])?;
                let e = self.coop_scalar(s[2], c)?;
                self.code.inst(op::STORE, &[p, e]);
            }
            "array_length" => {
                arity(1)?;
                let Some(dest) = x.dest else {
                    return Err(SpirvError::new(
                        "length of a cooperative matrix without a result",
                    ));
                };
                let (_, t, _) = self.coop_ptr(s[0])?;
                let bits = self.f.values[dest].bit_size;
                let k = Kind::new(BaseType::Uint, 32, 1);
                let ut = self.m.kind_type(k);
                let id = self.new_id();
                self.code
                    .inst(nv::OP_COOPERATIVE_MATRIX_LENGTH_NV, &[ut, id, t]);
                if bits != 32 {
                    return Err(SpirvError::new(
                        "length of a cooperative matrix as a non-32-bit value",
                    ));
                }
                self.set(dest, id, k);
            }
            "coopMatLoadNV" | "coopMatStoreNV" => {
                arity(5)?;
                let (p, class, ek) = self.coop_buffer_element(s[1], s[2])?;
                let stride = self.value_as(s[3], Kind::new(BaseType::Uint, 32, 1))?;
                let col = self.value_as(s[4], Kind::new(BaseType::Bool, 1, 1))?;
                let mem = Self::mem_operands(class, ek);
                if name == "coopMatLoadNV" {
                    let (dp, dt, _) = self.coop_ptr(s[0])?;
                    let r = self.new_id();
                    let mut ops = vec![dt, r, p, stride, col];
                    ops.extend(&mem);
                    self.code.inst(nv::OP_COOPERATIVE_MATRIX_LOAD_NV, &ops);
                    self.code.inst(op::STORE, &[dp, r]);
                } else {
                    let (m, ..) = self.coop_load(s[0])?;
                    let mut ops = vec![p, m, stride, col];
                    ops.extend(&mem);
                    self.code.inst(nv::OP_COOPERATIVE_MATRIX_STORE_NV, &ops);
                }
            }
            "coopMatMulAddNV" => {
                arity(4)?;
                let (dp, dt, _) = self.coop_ptr(s[0])?;
                let (a, ..) = self.coop_load(s[1])?;
                let (b, ..) = self.coop_load(s[2])?;
                let (c, ..) = self.coop_load(s[3])?;
                let r = self.new_id();
                self.code
                    .inst(nv::OP_COOPERATIVE_MATRIX_MUL_ADD_NV, &[dt, r, a, b, c]);
                self.code.inst(op::STORE, &[dp, r]);
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

    /// A pointer to element `index` of the matrix `m` points to.
    fn coop_element(&mut self, m: ValueId, index: ValueId) -> Result<(u32, CoopMatNv)> {
        let (mp, _, c) = self.coop_ptr(m)?;
        let (_, _, class, ..) = self.ptr(m)?;
        let comp = self.m.scalar_type(c.base, c.bits);
        let pt = self.m.pointer(class, comp);
        let idx = self.value_as(index, Kind::new(BaseType::Uint, 32, 1))?;
        let p = self.new_id();
        self.code.inst(op::ACCESS_CHAIN, &[pt, p, mp, idx]);
        Ok((p, c))
    }

    fn op_load(&mut self, k: Kind, p: u32) -> u32 {
        let t = self.m.kind_type(k);
        self.load_from(t, p)
    }
}
