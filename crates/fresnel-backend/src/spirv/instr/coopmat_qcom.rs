//! GL_QCOM_cooperative_matrix_conversion as SPV_QCOM_cooperative_matrix_conversion
//! (capability `CooperativeMatrixConversionQCOM`), as glslang writes it. Each operation is a
//! `vendor_op` whose last source is the array or matrix written (a deref) and whose first is
//! the one read (a deref): the source is loaded, converted by one instruction whose result
//! has the destination's type, and stored.
//!
//! * `bitcastQCOM(src, dst)`: `OpBitCastArrayQCOM`;
//! * `extractSubArrayQCOM(src, start, dst)`: `OpExtractSubArrayQCOM` (the start index a
//!   32-bit integer);
//! * `vectorToCoopmatQCOM(vec, m)`: `OpCompositeConstructCoopMatQCOM`;
//! * `coopmatToVectorQCOM(m, vec)`: `OpCompositeExtractCoopMatQCOM`.

use fresnel_ir::{BaseType, IntrinsicInstr};

use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

const CAP_COOPERATIVE_MATRIX_CONVERSION_QCOM: u32 = 4496;
const BIT_CAST_ARRAY_QCOM: u16 = 4497;
const COMPOSITE_CONSTRUCT_COOP_MAT_QCOM: u16 = 4540;
const COMPOSITE_EXTRACT_COOP_MAT_QCOM: u16 = 4541;
const EXTRACT_SUB_ARRAY_QCOM: u16 = 4542;

/// The opcode of a conversion and its number of sources (`None`: not one).
fn conversion(x: &IntrinsicInstr) -> Option<(u16, usize)> {
    Some(match super::vendor::op_name(x)? {
        "bitcastQCOM" => (BIT_CAST_ARRAY_QCOM, 2),
        "extractSubArrayQCOM" => (EXTRACT_SUB_ARRAY_QCOM, 3),
        "vectorToCoopmatQCOM" => (COMPOSITE_CONSTRUCT_COOP_MAT_QCOM, 2),
        "coopmatToVectorQCOM" => (COMPOSITE_EXTRACT_COOP_MAT_QCOM, 2),
        _ => return None,
    })
}

/// Whether a vendor operation is a QCOM conversion written here: its source and
/// destination are derefs.
pub(crate) fn supported(f: &fresnel_ir::Function, x: &IntrinsicInstr) -> bool {
    x.op == fresnel_ir::Intrinsic::VendorOp
        && conversion(x).is_some_and(|(_, n)| {
            x.srcs.len() == n
                && super::vendor::deref_ty(f, x.srcs[0]).is_some()
                && super::vendor::deref_ty(f, x.srcs[n - 1]).is_some()
        })
}

impl FuncCx<'_, '_> {
    /// The QCOM cooperative-matrix conversions; `Ok(false)` for other operations.
    pub(super) fn emit_coopmat_qcom(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if !supported(self.f, x) {
            return Ok(false);
        }
        let Some((opc, n)) = conversion(x) else {
            return Ok(false);
        };
        self.m.cap(CAP_COOPERATIVE_MATRIX_CONVERSION_QCOM);
        self.m.exts.insert("SPV_QCOM_cooperative_matrix_conversion");
        let (src_ptr, src_t, ..) = self.ptr(x.srcs[0])?;
        let (dst_ptr, dst_t, ..) = self.ptr(x.srcs[n - 1])?;
        let src = self.load_from(src_t, src_ptr);
        let r = self.new_id();
        if n == 3 {
            if self.f.values[x.srcs[1]].bit_size != 32 {
                return Err(SpirvError::new(
                    "`extractSubArrayQCOM`: the start index is not a 32-bit integer",
                ));
            }
            let start = self.prefix(x.srcs[1], 1, BaseType::Uint)?;
            self.code.inst(opc, &[dst_t, r, src, start]);
        } else {
            self.code.inst(opc, &[dst_t, r, src]);
        }
        self.code.inst(super::op::STORE, &[dst_ptr, r]);
        Ok(true)
    }
}
