//! GL_QCOM_image_processing and GL_QCOM_image_processing2 (`image_processing_qcom`):
//! `OpImageSampleWeightedQCOM`, `OpImageBoxFilterQCOM`, `OpImageBlockMatch{SSD,SAD}QCOM`
//! (SPV_QCOM_image_processing) and `OpImageBlockMatch{Window,Gather}{SSD,SAD}QCOM`
//! (SPV_QCOM_image_processing2, which glslang declares with the first extension and its
//! TextureBlockMatchQCOM capability too). As glslang writes them, the objects are
//! sampled images (`OpSampledImage` of a texture and a separate sampler), and the pointer
//! each object is loaded from (the variable, or the access chain into an array of them) is
//! decorated: `WeightTextureQCOM` on the weight texture, `BlockMatchTextureQCOM` on both
//! block-match textures, and for the window block matches `BlockMatchSamplerQCOM` on the
//! sampler (the separate one, or the combined texture's).

use fresnel_ir::{
    BaseType, Function, IndexKind, IntrinsicInstr, Type, Types, ValueId, IMAGE_PROCESSING_QCOM,
};

use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

const CAP_TEXTURE_SAMPLE_WEIGHTED_QCOM: u32 = 4484;
const CAP_TEXTURE_BOX_FILTER_QCOM: u32 = 4485;
const CAP_TEXTURE_BLOCK_MATCH_QCOM: u32 = 4486;
const CAP_TEXTURE_BLOCK_MATCH2_QCOM: u32 = 4498;
const DECORATION_WEIGHT_TEXTURE_QCOM: u32 = 4487;
const DECORATION_BLOCK_MATCH_TEXTURE_QCOM: u32 = 4488;
const DECORATION_BLOCK_MATCH_SAMPLER_QCOM: u32 = 4499;

/// How an operation of [`IMAGE_PROCESSING_QCOM`] is written.
struct Form {
    opcode: u16,
    /// The second extension (and its capability): GL_QCOM_image_processing2.
    second: bool,
    cap: u32,
}

/// The form of the operation at `op` in [`IMAGE_PROCESSING_QCOM`].
fn form(op: i64) -> Option<Form> {
    let name = IMAGE_PROCESSING_QCOM.get(usize::try_from(op).ok()?)?;
    let (opcode, cap) = match *name {
        "textureWeightedQCOM" => (4480, CAP_TEXTURE_SAMPLE_WEIGHTED_QCOM),
        "textureBoxFilterQCOM" => (4481, CAP_TEXTURE_BOX_FILTER_QCOM),
        "textureBlockMatchSSDQCOM" => (4482, CAP_TEXTURE_BLOCK_MATCH_QCOM),
        "textureBlockMatchSADQCOM" => (4483, CAP_TEXTURE_BLOCK_MATCH_QCOM),
        "textureBlockMatchWindowSSDQCOM" => (4500, CAP_TEXTURE_BLOCK_MATCH2_QCOM),
        "textureBlockMatchWindowSADQCOM" => (4501, CAP_TEXTURE_BLOCK_MATCH2_QCOM),
        "textureBlockMatchGatherSSDQCOM" => (4502, CAP_TEXTURE_BLOCK_MATCH2_QCOM),
        "textureBlockMatchGatherSADQCOM" => (4503, CAP_TEXTURE_BLOCK_MATCH2_QCOM),
        _ => return None,
    };
    Some(Form {
        opcode,
        second: cap == CAP_TEXTURE_BLOCK_MATCH2_QCOM,
        cap,
    })
}

/// Whether `v` derefs a `sampler` without texture: the separate sampler of the object
/// before it among an `image_processing_qcom`'s sources.
pub(crate) fn is_separate_sampler(types: &Types, f: &Function, v: ValueId) -> bool {
    super::vendor::deref_ty(f, v)
        .is_some_and(|t| matches!(types.get(t), Type::Sampler { result: None, .. }))
}

impl FuncCx<'_, '_> {
    /// `image_processing_qcom` (see the module docs).
    pub(super) fn emit_image_processing_qcom(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let op = x.index(IndexKind::Base).unwrap_or(-1);
        let f = form(op).ok_or_else(|| SpirvError::new("bad image_processing_qcom operation"))?;
        // SPV_QCOM_image_processing(2) exist from SPIR-V 1.4 (`target::needs` says so too).
        self.m.need_version("QCOM image processing", (1, 4))?;
        let block_match =
            f.cap != CAP_TEXTURE_SAMPLE_WEIGHTED_QCOM && f.cap != CAP_TEXTURE_BOX_FILTER_QCOM;
        let window = matches!(f.opcode, 4500 | 4501);
        // Coordinates and sizes: float for the filters, unsigned for the block matches.
        let base = if block_match {
            BaseType::Uint
        } else {
            BaseType::Float
        };
        let s = &x.srcs;
        let mut args = Vec::with_capacity(s.len());
        let mut objects = 0usize;
        let mut i = 0;
        while i < s.len() {
            let v = s[i];
            if self.deref_type(v).is_none() {
                let n = self.f.values[v].num_components;
                args.push(self.prefix(v, n, base)?);
                i += 1;
                continue;
            }
            let (loaded, pointee) = self.opaque_object(v)?;
            let texture_ptr = self.ptr(v).ok().map(|p| p.0);
            let (object, sampler_ptr) = match s.get(i + 1) {
                Some(&smp) if is_separate_sampler(&self.m.shader.types, self.f, smp) => {
                    i += 1;
                    let (si, _) = self.sampled_image(loaded, pointee, smp)?;
                    (si, self.ptr(smp).ok().map(|p| p.0))
                }
                _ => (loaded, texture_ptr),
            };
            let mut decorations = Vec::new();
            if block_match {
                decorations.push((texture_ptr, DECORATION_BLOCK_MATCH_TEXTURE_QCOM));
                if window {
                    decorations.push((sampler_ptr, DECORATION_BLOCK_MATCH_SAMPLER_QCOM));
                }
            } else if f.cap == CAP_TEXTURE_SAMPLE_WEIGHTED_QCOM && objects == 1 {
                decorations.push((texture_ptr, DECORATION_WEIGHT_TEXTURE_QCOM));
            }
            for (ptr, d) in decorations {
                let ptr = ptr.ok_or_else(|| {
                    SpirvError::new("a QCOM image processing object that is not in a variable")
                })?;
                self.m.decorate_once(ptr, d);
            }
            args.push(object);
            objects += 1;
            i += 1;
        }
        self.m.exts.insert("SPV_QCOM_image_processing");
        if f.second {
            self.m.cap(CAP_TEXTURE_BLOCK_MATCH_QCOM);
            self.m.exts.insert("SPV_QCOM_image_processing2");
        }
        self.m.cap(f.cap);
        let d = x
            .dest
            .ok_or_else(|| SpirvError::new("image_processing_qcom without a result"))?;
        let k = Kind::new(BaseType::Float, 32, 4);
        let id = self.op1(f.opcode, k, &args);
        self.set(d, id, k);
        Ok(())
    }
}
