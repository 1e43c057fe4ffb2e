//! GL_AMD_shader_fragment_mask as SPV_AMD_shader_fragment_mask: `fragment_fetch_amd` is
//! `OpFragmentMaskFetchAMD` (`base` 0) or `OpFragmentFetchAMD` (`base` 1) on the image of
//! the multisampled texture (`OpImage` of the loaded sampled image) or the subpass input,
//! with capability `FragmentMaskAMD`, as glslang writes them.

use fresnel_ir::{BaseType, IndexKind, IntrinsicInstr, Type};

use super::super::types::Kind;
use super::super::{Result, SpirvError};
use super::op;
use crate::spirv::func::FuncCx;

const OP_FRAGMENT_MASK_FETCH_AMD: u16 = 5011;
const OP_FRAGMENT_FETCH_AMD: u16 = 5012;
const CAP_FRAGMENT_MASK_AMD: u32 = 5010;

impl FuncCx<'_, '_> {
    /// `fragment_fetch_amd` (see the module docs).
    pub(super) fn emit_fragment_fetch_amd(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let fetch = match x.index(IndexKind::Base) {
            Some(0) => false,
            Some(1) => true,
            _ => return Err(SpirvError::new("bad fragment_fetch_amd")),
        };
        let s = &x.srcs;
        if s.len() < 2 + usize::from(fetch) {
            return Err(SpirvError::new("fragment_fetch_amd with too few sources"));
        }
        let texel = self
            .deref_type(s[0])
            .and_then(|t| match self.m.shader.types.get(t) {
                Type::Sampler { result, .. } => *result,
                Type::Image { result, .. } => Some(*result),
                _ => None,
            })
            .ok_or_else(|| SpirvError::new("fragment_fetch_amd on a non-texture"))?;
        let (loaded, pointee) = self.opaque_object(s[0])?;
        let image = match self.m.image_of.get(&pointee) {
            Some(&it) => {
                let id = self.new_id();
                self.code.inst(op::IMAGE, &[it, id, loaded]);
                id
            }
            None => loaded,
        };
        let n = self.f.values[s[1]].num_components;
        let mut args = vec![image, self.prefix(s[1], n, BaseType::Int)?];
        let base = if fetch {
            args.push(self.prefix(s[2], 1, BaseType::Uint)?);
            texel
        } else {
            BaseType::Uint
        };
        self.m.cap(CAP_FRAGMENT_MASK_AMD);
        self.m.exts.insert("SPV_AMD_shader_fragment_mask");
        let d = x
            .dest
            .ok_or_else(|| SpirvError::new("fragment_fetch_amd without a result"))?;
        let v = &self.f.values[d];
        let k = Kind::new(base, v.bit_size, v.num_components);
        let opcode = if fetch {
            OP_FRAGMENT_FETCH_AMD
        } else {
            OP_FRAGMENT_MASK_FETCH_AMD
        };
        let id = self.op1(opcode, k, &args);
        self.set(d, id, k);
        Ok(())
    }
}
