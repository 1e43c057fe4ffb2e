//! Buffer reference values as pointers (`spirv/refs.rs` decides which memory holds
//! pointers): conversions between the pointer and 64-bit integer forms, made once per
//! block where a value's form differs from what a use wants.

use fresnel_ir::{BaseType, ValueId};

use super::super::ext;
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::{FuncCx, Val};

impl FuncCx<'_, '_> {
    /// `opc` of `arg` with result type `t`, once per block.
    fn ref_conv(&mut self, opc: u16, t: u32, arg: u32) -> u32 {
        if let Some(id) = self.pure.get(opc, t, &[arg]) {
            return id;
        }
        let id = self.new_id();
        self.code.inst(opc, &[t, id, arg]);
        self.pure.insert(opc, t, &[arg], id);
        id
    }

    /// Id `v` of SPIR-V type `from` as type `to`, one of them a buffer reference pointer
    /// type and the other a pointer or a 64-bit unsigned integer.
    pub(crate) fn convert_ref_id(&mut self, v: u32, from: u32, to: u32) -> Result<u32> {
        if from == to {
            return Ok(v);
        }
        let u64k = Kind::new(BaseType::Uint, 64, 1);
        let u64t = self.m.kind_type(u64k);
        let (from_ptr, to_ptr) = (
            self.m.ref_ptrs.contains_key(&from),
            self.m.ref_ptrs.contains_key(&to),
        );
        if (!from_ptr && from != u64t) || (!to_ptr && to != u64t) {
            return Err(SpirvError::new(
                "internal: buffer reference converted from or to a type other than uint64_t",
            ));
        }
        let addr = if from_ptr {
            self.ref_conv(ext::op::CONVERT_PTR_TO_U, u64t, v)
        } else {
            v
        };
        if to_ptr {
            Ok(self.ref_conv(ext::op::CONVERT_U_TO_PTR, to, addr))
        } else {
            Ok(addr)
        }
    }

    /// Value `v` (a buffer reference, as an address or a pointer) as a pointer of type
    /// `ptr_t`.
    pub(crate) fn value_as_ref(&mut self, v: ValueId, ptr_t: u32) -> Result<u32> {
        match self.vals[v.0 as usize] {
            Val::Ref(id, t) => self.convert_ref_id(id, t, ptr_t),
            Val::Undef => Ok(self.m.undef(ptr_t)),
            _ => {
                let u64k = Kind::new(BaseType::Uint, 64, 1);
                let a = self.value_as(v, u64k)?;
                let u64t = self.m.kind_type(u64k);
                self.convert_ref_id(a, u64t, ptr_t)
            }
        }
    }

    /// A pointer value (`Val::Ref`) as a 64-bit integer of kind `k`.
    pub(super) fn ref_as_int(&mut self, id: u32, ptr_t: u32, k: Kind) -> Result<u32> {
        let u64k = Kind::new(BaseType::Uint, 64, 1);
        let u64t = self.m.kind_type(u64k);
        let a = self.convert_ref_id(id, ptr_t, u64t)?;
        self.convert(a, u64k, k)
    }
}

impl FuncCx<'_, '_> {
    /// A select between two buffer references loaded as pointers of one type: an
    /// `OpSelect` of the pointers (PhysicalStorageBuffer64 addressing allows it), as
    /// glslang writes `c ? r1 : r2`.
    pub(super) fn ref_select(&mut self, a: &fresnel_ir::Alu) -> Result<bool> {
        if a.op != fresnel_ir::AluOp::Bcsel || a.srcs.len() != 3 {
            return Ok(false);
        }
        if self.f.values[a.dest].num_components != 1 {
            return Ok(false);
        }
        let (Val::Ref(x, tx), Val::Ref(y, ty)) = (
            self.vals[a.srcs[1].value.0 as usize],
            self.vals[a.srcs[2].value.0 as usize],
        ) else {
            return Ok(false);
        };
        if tx != ty || a.srcs[1].swizzle[0] != 0 || a.srcs[2].swizzle[0] != 0 {
            return Ok(false);
        }
        let c = self.alu_src(&a.srcs[0], 1, Some(BaseType::Bool))?.0;
        let id = self.new_id();
        self.code.inst(super::op::SELECT, &[tx, id, c, x, y]);
        self.vals[a.dest.0 as usize] = Val::Ref(id, tx);
        Ok(true)
    }
}
