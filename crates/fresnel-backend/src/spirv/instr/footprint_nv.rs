//! GL_NV_shader_texture_footprint as SPV_NV_shader_image_footprint: `image_footprint_nv`
//! is `OpImageSampleFootprintNV` (capability `ImageFootprintNV`) on the sampled image, the
//! coordinate, the granularity (`int`) and `coarse` (`bool`), with the image operands its
//! `base` names (`Bias`, `Lod`, `Grad`, `MinLod`, the last with capability `MinLod`). Its
//! result is a structure `{bool, anchor, offset, mask, lod, granularity}`; as glslang writes
//! it, each footprint member is extracted and stored through an access chain into the
//! `gl_TextureFootprint{2D,3D}NV` the call writes, and the boolean extracted last is the
//! call's value.

use fresnel_ir::intrinsic::footprint;
use fresnel_ir::{BaseType, IndexKind, IntrinsicInstr, SamplerDim, Type};

use super::super::spec::{cap, image_operands as io, op};
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

/// `OpImageSampleFootprintNV`.
const OP_IMAGE_SAMPLE_FOOTPRINT_NV: u16 = 5283;
/// The `ImageFootprintNV` capability.
const CAP_IMAGE_FOOTPRINT_NV: u32 = 5282;

impl FuncCx<'_, '_> {
    /// `image_footprint_nv` (see the module docs).
    pub(super) fn emit_image_footprint_nv(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let base = x.index(IndexKind::Base).unwrap_or(0);
        let operands = footprint::operand_count(base)
            .ok_or_else(|| SpirvError::new("image_footprint_nv with unknown operands"))?;
        let s = &x.srcs;
        if s.len() < 5 + operands {
            return Err(SpirvError::new("image_footprint_nv with too few sources"));
        }
        let separate_sampler = s.get(5 + operands).copied();
        let dim = self
            .deref_type(s[1])
            .and_then(|t| match self.m.shader.types.get(t) {
                Type::Sampler { dim, .. } | Type::Image { dim, .. } => Some(*dim),
                _ => None,
            })
            .ok_or_else(|| SpirvError::new("image_footprint_nv on a non-texture"))?;
        let n: u8 = match dim {
            SamplerDim::D2 => 2,
            SamplerDim::D3 => 3,
            _ => {
                return Err(SpirvError::new(
                    "texture footprints exist only for 2D and 3D textures",
                ))
            }
        };
        let (loaded, pointee) = self.opaque_object(s[1])?;
        let sampled = if self.m.image_of.contains_key(&pointee) {
            loaded
        } else {
            let smp = separate_sampler.ok_or_else(|| {
                SpirvError::new("a texture footprint of a texture without a sampler")
            })?;
            self.sampled_image(loaded, pointee, smp)?.0
        };
        let coord = self.prefix(s[2], n, BaseType::Float)?;
        let granularity = self.prefix(s[3], 1, BaseType::Int)?;
        let coarse = self.value_as(s[4], Kind::new(BaseType::Bool, 1, 1))?;
        // The image operands, in the order of their mask bits (which the sources follow).
        let mut mask = 0u32;
        let mut tail = Vec::new();
        let mut next = 5;
        for (bit, operand, count, comps) in [
            (footprint::BIAS, io::BIAS, 1, 1),
            (footprint::LOD, io::LOD, 1, 1),
            (footprint::GRAD, io::GRAD, 2, n),
            (footprint::MIN_LOD, io::MIN_LOD, 1, 1),
        ] {
            if base & bit == 0 {
                continue;
            }
            mask |= operand;
            for _ in 0..count {
                tail.push(self.prefix(s[next], comps, BaseType::Float)?);
                next += 1;
            }
        }
        if mask & io::MIN_LOD != 0 {
            self.m.cap(cap::MIN_LOD);
        }
        // The structure written: its members' types make the result's.
        let (fp, fp_type, class, ..) = self.ptr(s[0])?;
        let members = match self.m.members.get(&fp_type) {
            Some(m) if m.len() == 5 => m.clone(),
            _ => {
                return Err(SpirvError::new(
                    "image_footprint_nv writes something other than a footprint structure",
                ))
            }
        };
        let bool_k = Kind::new(BaseType::Bool, 1, 1);
        let mut result_members = vec![self.m.kind_type(bool_k)];
        result_members.extend_from_slice(&members);
        let result_type = self.m.ty(op::TYPE_STRUCT, &result_members);
        self.m.members.insert(result_type, result_members);
        self.m.cap(CAP_IMAGE_FOOTPRINT_NV);
        self.m.exts.insert("SPV_NV_shader_image_footprint");
        let whole = self.new_id();
        let mut args = vec![result_type, whole, sampled, coord, granularity, coarse];
        if mask != 0 {
            args.push(mask);
            args.extend_from_slice(&tail);
        }
        self.code.inst(OP_IMAGE_SAMPLE_FOOTPRINT_NV, &args);
        for (i, &mt) in members.iter().enumerate() {
            let i = i as u32;
            let part = self.new_id();
            self.code
                .inst(op::COMPOSITE_EXTRACT, &[mt, part, whole, i + 1]);
            let pt = self.m.pointer(class, mt);
            let index = self.m.const_i32(i as i32);
            let p = self.new_id();
            self.code.inst(op::ACCESS_CHAIN, &[pt, p, fp, index]);
            self.code.inst(op::STORE, &[p, part]);
        }
        let d = x
            .dest
            .ok_or_else(|| SpirvError::new("image_footprint_nv without a result"))?;
        let id = self.op1(op::COMPOSITE_EXTRACT, bool_k, &[whole, 0]);
        self.set(d, id, bool_k);
        Ok(())
    }
}
