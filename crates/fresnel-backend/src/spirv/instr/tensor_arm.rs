//! The vendor operations on GL_ARM_tensors types (issue 5, helper F), as SPV_ARM_tensors
//! writes them (glslang's forms). A tensor is a resource (a `uniform` variable, or an array
//! of them); its deref is loaded for each operation.
//!
//! * `tensorReadARM(t, coords, out data [, operands, ...])`: `OpTensorReadARM` of the type
//!   of `data` (a scalar, vector or array), stored into `data`;
//! * `tensorWriteARM(t, coords, data [, operands, ...])`: `OpTensorWriteARM`;
//! * `tensorSizeARM(t, dim)`: `OpTensorQuerySizeARM` (a 32-bit unsigned result).
//!
//! The coordinates are an array of 32-bit unsigned integers in memory (loaded whole). The
//! optional tensor operands are a constant mask followed by the mask's operands in bit order
//! (`OutOfBoundsValueARM`: a value of the element type; `MakeElementAvailableARM` /
//! `MakeElementVisibleARM`: a scope).

use fresnel_ir::{BaseType, Intrinsic, IntrinsicInstr, Type, ValueId};

use super::super::spec::op;
use super::super::tensor_arm::{self as ta, Elem, TensorArm};
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::{FuncCx, Val};

fn deref_tensor(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    v: ValueId,
) -> Option<TensorArm> {
    let d = f.values.get(v)?;
    match &f.instrs.get(d.def)?.kind {
        fresnel_ir::InstrKind::Deref(d) => match types.get(d.ty) {
            Type::Opaque(n) => ta::parse(n),
            _ => None,
        },
        _ => None,
    }
}

const SUPPORTED: &[&str] = &["tensorReadARM", "tensorWriteARM", "tensorSizeARM"];

/// Whether a vendor operation is one on ARM tensors written here (its first source is the
/// tensor).
pub(crate) fn supported(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    x: &IntrinsicInstr,
) -> bool {
    super::vendor::op_name(x).is_some_and(|n| SUPPORTED.contains(&n))
        && x.srcs
            .first()
            .is_some_and(|&s| deref_tensor(types, f, s).is_some())
}

impl FuncCx<'_, '_> {
    /// The kind of a tensor element (`comps` components).
    fn tensor_elem_kind(e: Elem, comps: u8) -> Option<Kind> {
        match e {
            Elem::Plain(b, bits) => Some(Kind::new(b, bits, comps)),
            Elem::Small(_) => None,
        }
    }

    /// A deref's target loaded whole: (value, type).
    fn tensor_load(&mut self, v: ValueId) -> Result<(u32, u32)> {
        let (p, pointee, ..) = self.ptr(v)?;
        let id = self.new_id();
        self.code.inst(op::LOAD, &[pointee, id, p]);
        Ok((id, pointee))
    }

    /// The tensor operands: a constant mask, then its operands.
    fn tensor_operands(&mut self, t: TensorArm, srcs: &[ValueId]) -> Result<Vec<u32>> {
        let Some((&m, rest)) = srcs.split_first() else {
            return Ok(Vec::new());
        };
        let mask = match &self.vals[m.0 as usize] {
            &Val::Const(c) if self.consts[c as usize].len() == 1 => {
                self.consts[c as usize][0] as u32
            }
            _ => {
                return Err(SpirvError::new(
                    "the tensor operands of a tensor access are not a constant",
                ))
            }
        };
        let mut out = vec![mask];
        let mut it = rest.iter();
        for bit in 0..5u32 {
            if mask & (1 << bit) == 0 {
                continue;
            }
            match 1u32 << bit {
                0x1 | 0x10 => {}
                0x2 => {
                    let Some(&v) = it.next() else {
                        return Err(SpirvError::new("OutOfBoundsValueARM without its value"));
                    };
                    let Some(k) = Self::tensor_elem_kind(t.elem, 1) else {
                        return Err(SpirvError::new(
                            "an out-of-bounds value for a tensor of bfloat16/float8 elements",
                        ));
                    };
                    out.push(self.value_as(v, k)?);
                }
                _ => {
                    let Some(&v) = it.next() else {
                        return Err(SpirvError::new("a tensor operand without its scope"));
                    };
                    out.push(self.value_as(v, Kind::new(BaseType::Uint, 32, 1))?);
                }
            }
        }
        if mask >= 0x20 || it.next().is_some() {
            return Err(SpirvError::new(format!(
                "tensor operands {mask:#x} do not match their values"
            )));
        }
        Ok(out)
    }

    /// Writes an operation on ARM tensors (`Ok(false)`: not one).
    pub(super) fn emit_tensor_arm(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if !matches!(x.op, Intrinsic::VendorOp | Intrinsic::VendorOpValue)
            || !supported(&self.m.shader.types, self.f, x)
        {
            return Ok(false);
        }
        let name = super::vendor::op_name(x).unwrap_or("");
        let s = x.srcs.clone();
        let Some(t) = deref_tensor(&self.m.shader.types, self.f, s[0]) else {
            return Ok(false);
        };
        // Booleans in buffer memory are integers there: a boolean tensor's data would not
        // have its element type.
        if t.elem == Elem::Plain(BaseType::Bool, 1) && s.len() >= 3 {
            if let Some(mode) = self.deref_type(s[2]).and(self.ptr(s[2]).ok()).map(|p| p.4) {
                if super::super::Module::external(mode) {
                    return Err(SpirvError::new(format!(
                        "`{name}` of a boolean tensor with its data in buffer memory has no SPIR-V form here"
                    )));
                }
            }
        }
        match name {
            "tensorSizeARM" => {
                let (Some(dest), [_, dim]) = (x.dest, s.as_slice()) else {
                    return Err(SpirvError::new("tensorSizeARM without its dimension"));
                };
                let (tid, _) = self.tensor_load(s[0])?;
                let k = Kind::new(BaseType::Uint, 32, 1);
                let d = self.value_as(*dim, k)?;
                let ut = self.m.kind_type(k);
                let id = self.new_id();
                self.code
                    .inst(ta::OP_TENSOR_QUERY_SIZE_ARM, &[ut, id, tid, d]);
                if self.f.values[dest].bit_size != 32 {
                    return Err(SpirvError::new("tensorSizeARM as a non-32-bit value"));
                }
                self.set(dest, id, k);
            }
            "tensorReadARM" | "tensorWriteARM" if s.len() >= 3 => {
                let (tid, _) = self.tensor_load(s[0])?;
                let (coords, _) = self.tensor_load(s[1])?;
                let ops = self.tensor_operands(t, &s[3..])?;
                if name == "tensorReadARM" {
                    let (p, pointee, ..) = self.ptr(s[2])?;
                    let id = self.new_id();
                    let mut all = vec![pointee, id, tid, coords];
                    all.extend(ops);
                    self.code.inst(ta::OP_TENSOR_READ_ARM, &all);
                    self.code.inst(op::STORE, &[p, id]);
                } else {
                    let data = if self.deref_type(s[2]).is_some() {
                        self.tensor_load(s[2])?.0
                    } else {
                        let comps = self.f.values[s[2]].num_components;
                        let Some(k) = Self::tensor_elem_kind(t.elem, comps) else {
                            return Err(SpirvError::new(
                                "a value written to a tensor of bfloat16/float8 elements",
                            ));
                        };
                        self.value_as(s[2], k)?
                    };
                    let mut all = vec![tid, coords, data];
                    all.extend(ops);
                    self.code.inst(ta::OP_TENSOR_WRITE_ARM, &all);
                }
            }
            _ => {
                return Err(SpirvError::new(format!(
                    "`{name}` on a tensor with {} operands has no SPIR-V form here",
                    s.len()
                )))
            }
        }
        Ok(true)
    }
}
