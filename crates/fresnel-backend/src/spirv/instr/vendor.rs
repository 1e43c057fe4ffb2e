//! The vendor operations (`vendor_op`, `vendor_op_value`: operations on cooperative
//! matrices and vectors, long vectors, tensors and the small float formats, issue 4) have
//! no SPIR-V emission: they are rejected with the operation and the extension named, except
//! those on GL_NV_cooperative_matrix types (issue 5, helper V: `coopmat_nv.rs`) and on
//! GL_KHR_cooperative_matrix types and GL_NV_cooperative_matrix2 tensor layouts and views
//! (issue 5, helper K: `coopmat_khr.rs`).

use fresnel_ir::{Intrinsic, IntrinsicInstr};

use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

/// How a vendor family recognizes its type behind a deref (`deref_coopmat`, ...).
pub(super) type DerefOf<T> =
    fn(&fresnel_ir::Types, &fresnel_ir::Function, fresnel_ir::ValueId) -> Option<T>;

impl FuncCx<'_, '_> {
    /// The pointer, its pointee type and the vendor type (found by `of`) of a deref operand;
    /// `what` names the family in the internal error when the operand is not one.
    pub(super) fn vendor_ptr<T>(
        &mut self,
        v: fresnel_ir::ValueId,
        of: DerefOf<T>,
        what: &str,
    ) -> Result<(u32, u32, T)> {
        let Some(t) = of(&self.m.shader.types, self.f, v) else {
            return Err(SpirvError::new(format!(
                "internal: operand of a {what} operation is not a {what}"
            )));
        };
        let (p, pointee, ..) = self.ptr(v)?;
        Ok((p, pointee, t))
    }

    /// [`Self::vendor_ptr`], then the value loaded through it.
    pub(super) fn vendor_load<T>(
        &mut self,
        v: fresnel_ir::ValueId,
        of: DerefOf<T>,
        what: &str,
    ) -> Result<(u32, u32, T)> {
        let (p, t, x) = self.vendor_ptr(v, of, what)?;
        Ok((self.load_from(t, p), t, x))
    }

    /// Rejects the vendor operations; `Ok(false)` for other intrinsics.
    pub(super) fn emit_vendor_intrinsic(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if !matches!(x.op, Intrinsic::VendorOp | Intrinsic::VendorOpValue) {
            return Ok(false);
        }
        if self.emit_coopmat_nv(x)? {
            return Ok(true);
        }
        // GL_KHR_cooperative_matrix, GL_NV_cooperative_matrix2 (helper K: `coopmat_khr.rs`).
        if self.emit_coopmat_khr(x)? {
            return Ok(true);
        }
        // bfloat16 / float8 (issue 5, helper F: `small_float.rs`).
        if self.emit_small_float(x)? {
            return Ok(true);
        }
        // GL_ARM_tensors (issue 5, helper F: `tensor_arm.rs`).
        if self.emit_tensor_arm(x)? {
            return Ok(true);
        }
        // GL_NV_cooperative_vector (issue 5, helper F: `coopvec_nv.rs`).
        if self.emit_coopvec_nv(x)? {
            return Ok(true);
        }
        // GL_EXT_abort (`abort.rs`).
        if self.emit_abort(x)? {
            return Ok(true);
        }
        // GL_QCOM_cooperative_matrix_conversion (`coopmat_qcom.rs`).
        if self.emit_coopmat_qcom(x)? {
            return Ok(true);
        }
        // GL_EXT_long_vector (`long_vector.rs`).
        if self.emit_long_vector(x)? {
            return Ok(true);
        }
        Err(SpirvError::new(format!(
            "SPIR-V output: {}",
            fresnel_ir::vendor::describe(&self.m.shader.types, self.f, x)
        )))
    }
}

/// Rejects a shader holding vendor operations before anything is written (the opaque types
/// they act on would otherwise fail first, with a message naming only the type).
pub(crate) fn reject_vendor_ops(shader: &fresnel_ir::Shader) -> Result<()> {
    let is_vendor = |k: &fresnel_ir::InstrKind| {
        matches!(k, fresnel_ir::InstrKind::Intrinsic(x)
            if matches!(x.op, Intrinsic::VendorOp | Intrinsic::VendorOpValue))
    };
    for (_, f) in shader.functions.iter() {
        // (Performance: the arena scanned in place first; nearly every function has no
        // vendor operation, and then no list in order is made.)
        if !f.instrs.iter().any(|(_, i)| is_vendor(&i.kind)) {
            continue;
        }
        for id in f.instrs_in_order() {
            if let fresnel_ir::InstrKind::Intrinsic(x) = &f.instrs[id].kind {
                if matches!(x.op, Intrinsic::VendorOp | Intrinsic::VendorOpValue)
                    && !super::coopmat_nv::supported(&shader.types, f, x)
                    // bfloat16 / float8 (issue 5, helper F).
                    && !super::small_float::supported(&shader.types, f, x)
                    // GL_ARM_tensors (issue 5, helper F).
                    && !super::tensor_arm::supported(&shader.types, f, x)
                    // GL_NV_cooperative_vector (issue 5, helper F).
                    && !super::coopvec_nv::supported(&shader.types, f, x)
                    // GL_EXT_long_vector.
                    && !super::long_vector::supported(&shader.types, f, x)
                    // GL_KHR_cooperative_matrix, GL_NV_cooperative_matrix2 (helper K).
                    && !super::coopmat_khr::supported(&shader.types, f, x)
                    // GL_QCOM_cooperative_matrix_conversion.
                    && !super::coopmat_qcom::supported(f, x)
                    // GL_EXT_abort.
                    && !super::abort::is_abort(x)
                {
                    return Err(SpirvError::new(format!(
                        "SPIR-V output: {}",
                        fresnel_ir::vendor::describe(&shader.types, f, x)
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The type a deref value points to (`None` when `v` is not a deref): what the vendor
/// operations' memory operands hold.
pub(super) fn deref_ty(
    f: &fresnel_ir::Function,
    v: fresnel_ir::ValueId,
) -> Option<fresnel_ir::TypeId> {
    let d = f.values.get(v)?;
    match &f.instrs.get(d.def)?.kind {
        fresnel_ir::InstrKind::Deref(d) => Some(d.ty),
        _ => None,
    }
}

/// The GLSL operation a vendor intrinsic names (`None`: not one, or an unknown index).
pub(super) fn op_name(x: &IntrinsicInstr) -> Option<&'static str> {
    x.index(fresnel_ir::IndexKind::VendorOp)
        .and_then(fresnel_ir::vendor::vendor_op_name)
}
