//! Intrinsics added to close lowering gaps (helper C, issue 4): `traceNV` naming a payload
//! location no variable has (`OpTraceNV`, as glslang emits every `traceNV`); the 64-bit
//! handles of GL_ARB_bindless_texture (`OpConvert{SampledImage,Image,Sampler}ToUNV` of
//! SPV_NV_bindless_texture, with the module's `OpSamplerImageAddressingModeNV 64`).

use fresnel_ir::{
    AtomicOp, BaseType, IndexKind, Intrinsic, IntrinsicInstr, SamplerDim, Type, ValueId,
};

use super::super::func::Val;
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

/// `OpTraceNV` (SPV_NV_ray_tracing).
const OP_TRACE_NV: u16 = 5337;
/// The `RayTracingNV` capability.
const CAP_RAY_TRACING_NV: u32 = 5340;
/// SPV_NV_bindless_texture: `OpConvertImageToUNV`, `OpConvertSamplerToUNV`,
/// `OpConvertSampledImageToUNV`, the capability (spirv/mod.rs adds the module's
/// `OpSamplerImageAddressingModeNV 64` with it).
const OP_CONVERT_IMAGE_TO_U_NV: u16 = 5393;
const OP_CONVERT_SAMPLER_TO_U_NV: u16 = 5394;
const OP_CONVERT_SAMPLED_IMAGE_TO_U_NV: u16 = 5396;
const CAP_BINDLESS_TEXTURE_NV: u32 = 5390;
/// SPV_NV_bindless_texture: handles to objects.
const OP_CONVERT_U_TO_IMAGE_NV: u16 = 5391;
const OP_CONVERT_U_TO_SAMPLER_NV: u16 = 5392;
const OP_CONVERT_U_TO_SAMPLED_IMAGE_NV: u16 = 5395;
const CAP_INT64: u32 = 11;
/// SPV_QCOM_image_processing3: `OpImageGatherQCOM`, ImageGatherLinearQCOM (the 4x1
/// mode), ImageGatherExtendedModesQCOM (the others); ImageGatherExtended for offsets.
const OP_IMAGE_GATHER_QCOM: u16 = 4545;
const CAP_IMAGE_GATHER_LINEAR_QCOM: u32 = 4543;
const CAP_IMAGE_GATHER_EXTENDED_MODES_QCOM: u32 = 4544;
const CAP_IMAGE_GATHER_EXTENDED: u32 = 25;
/// The `Offset` image operand.
const IMAGE_OPERAND_OFFSET: u32 = 0x10;
/// SPV_NV_shader_atomic_fp16_vector.
const CAP_ATOMIC_FLOAT16_VECTOR_NV: u32 = 5404;

impl FuncCx<'_, '_> {
    /// The intrinsics of this file; `Ok(false)` for others.
    pub(super) fn emit_gap_intrinsic(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        match x.op {
            Intrinsic::TraceRayLocation => self.emit_trace_nv(x)?,
            Intrinsic::OpaqueHandle => self.emit_opaque_handle(x)?,
            Intrinsic::ImageDerefAtomicVec => self.emit_image_atomic_vec(x)?,
            Intrinsic::TexGatherQcom | Intrinsic::TexGatherOffsetQcom => {
                self.emit_gather_qcom(x)?
            }
            Intrinsic::ImageProcessingQcom => self.emit_image_processing_qcom(x)?,
            Intrinsic::TileImageRead => self.emit_tile_image_read(x)?,
            Intrinsic::FragmentFetchAmd => self.emit_fragment_fetch_amd(x)?,
            Intrinsic::ImageFootprintNv => self.emit_image_footprint_nv(x)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `trace_ray_location`: `OpTraceNV` with the payload location as a constant id (the
    /// NV instruction's `PayloadId`).
    fn emit_trace_nv(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let s = &x.srcs;
        if s.len() < 10 {
            return Err(SpirvError::new("trace_ray_location with too few sources"));
        }
        let loc = x.index(IndexKind::Base).unwrap_or(0);
        let loc = u32::try_from(loc)
            .map_err(|_| SpirvError::new("trace_ray_location: bad payload location"))?;
        let mut args = vec![self.gap_load_opaque(s[0])?];
        for &v in &s[1..6] {
            args.push(self.prefix(v, 1, BaseType::Uint)?);
        }
        args.push(self.prefix(s[6], 3, BaseType::Float)?);
        args.push(self.prefix(s[7], 1, BaseType::Float)?);
        args.push(self.prefix(s[8], 3, BaseType::Float)?);
        args.push(self.prefix(s[9], 1, BaseType::Float)?);
        args.push(self.m.const_u32(loc));
        self.m.cap(CAP_RAY_TRACING_NV);
        self.m.exts.insert("SPV_NV_ray_tracing");
        self.code.inst(OP_TRACE_NV, &args);
        Ok(())
    }
}

impl FuncCx<'_, '_> {
    /// `tex_gather_qcom` / `tex_gather_offset_qcom`: `OpImageGatherQCOM` on the loaded
    /// sampled image, the component and mode as 32-bit integer constants, then the `Offset`
    /// image operand.
    fn emit_gather_qcom(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let s = &x.srcs;
        let offset = x.op == Intrinsic::TexGatherOffsetQcom;
        if s.len() < 2 + usize::from(offset) {
            return Err(SpirvError::new("QCOM gather with too few sources"));
        }
        let (_, _, _, ty, _) = self.ptr(s[0])?;
        let Type::Sampler {
            array,
            result: Some(result),
            ..
        } = self.m.shader.types.get(ty).clone()
        else {
            return Err(SpirvError::new("QCOM gather on a non-sampler"));
        };
        let img = self.gap_load_opaque(s[0])?;
        let coord = self.prefix(s[1], 2 + u8::from(array), BaseType::Float)?;
        let mode = x.index(IndexKind::Base).unwrap_or(0);
        let component = x.index(IndexKind::Component).unwrap_or(0);
        let component = self.m.const_i32(i32::try_from(component).unwrap_or(0));
        let mode_id = self.m.const_i32(i32::try_from(mode).unwrap_or(0));
        let mut args = vec![img, coord, component, mode_id];
        if offset {
            let o = self.prefix(s[2], 2, BaseType::Int)?;
            args.extend([IMAGE_OPERAND_OFFSET, o]);
            self.m.cap(CAP_IMAGE_GATHER_EXTENDED);
        }
        self.m.cap(if mode == 0 {
            CAP_IMAGE_GATHER_LINEAR_QCOM
        } else {
            CAP_IMAGE_GATHER_EXTENDED_MODES_QCOM
        });
        self.m.exts.insert("SPV_QCOM_image_processing3");
        let d = x
            .dest
            .ok_or_else(|| SpirvError::new("QCOM gather without a result"))?;
        let k = Kind::new(result, self.f.values[d].bit_size, 4);
        let id = self.op1(OP_IMAGE_GATHER_QCOM, k, &args);
        self.set(d, id, k);
        Ok(())
    }

    /// `image_deref_atomic_vec`: an `OpImageTexelPointer` to the vector texel and one atomic
    /// on it (`OpAtomicFAddEXT`/`FMinEXT`/`FMaxEXT`/`OpAtomicExchange`), with only the
    /// AtomicFloat16VectorNV capability, as glslang emits GL_NV_shader_atomic_fp16_vector.
    fn emit_image_atomic_vec(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let s = &x.srcs;
        if s.len() < 4 {
            return Err(SpirvError::new(
                "image_deref_atomic_vec with too few sources",
            ));
        }
        let (pid, _, _, ty, _) = self.ptr(s[0])?;
        let Type::Image { dim, array, result } = self.m.shader.types.get(ty).clone() else {
            return Err(SpirvError::new("image atomic on a non-image"));
        };
        let ncoord = if dim == SamplerDim::Cube {
            3
        } else {
            dim.coord_components() + u8::from(array)
        };
        let coord = self.prefix(s[1], ncoord, BaseType::Int)?;
        let sample = if dim == SamplerDim::Ms {
            self.prefix(s[2], 1, BaseType::Int)?
        } else {
            self.m.const_u32(0)
        };
        let (bits, n) = (
            self.f.values[s[3]].bit_size,
            self.f.values[s[3]].num_components,
        );
        let k = Kind::new(result, bits, n);
        let st = self.m.kind_type(k);
        let pt = self.m.pointer(11, st);
        let tp = self.new_id();
        self.code.inst(
            super::op::IMAGE_TEXEL_POINTER,
            &[pt, tp, pid, coord, sample],
        );
        let aop = x
            .index(IndexKind::Atomic)
            .and_then(AtomicOp::from_index)
            .ok_or_else(|| SpirvError::new("atomic without its operation"))?;
        let opc = match aop {
            AtomicOp::Fadd => super::super::ext::op::ATOMIC_F_ADD_EXT,
            AtomicOp::Fmin => super::super::ext::op::ATOMIC_F_MIN_EXT,
            AtomicOp::Fmax => super::super::ext::op::ATOMIC_F_MAX_EXT,
            AtomicOp::Xchg => super::op::ATOMIC_EXCHANGE,
            other => {
                return Err(SpirvError::new(format!(
                    "vector image atomic `{}` is not supported",
                    other.name()
                )))
            }
        };
        self.m.cap(CAP_ATOMIC_FLOAT16_VECTOR_NV);
        self.m.exts.insert("SPV_NV_shader_atomic_fp16_vector");
        let scope = self.m.const_u32(1);
        let sem = self.m.const_u32(0);
        let data = self.value_as(s[3], k)?;
        let id = self.op1(opc, k, &[tp, scope, sem, data]);
        if let Some(d) = x.dest {
            self.set(d, id, k);
        }
        Ok(())
    }

    /// `opaque_handle`: the object loaded through its deref, converted to a 64-bit handle.
    fn emit_opaque_handle(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let src = *x
            .srcs
            .first()
            .ok_or_else(|| SpirvError::new("opaque_handle without a source"))?;
        let (_, _, _, ty, _) = self.ptr(src)?;
        let opc = match self.m.shader.types.get(ty) {
            Type::Sampler { result: None, .. } => OP_CONVERT_SAMPLER_TO_U_NV,
            Type::Sampler { .. } => OP_CONVERT_SAMPLED_IMAGE_TO_U_NV,
            Type::Image { .. } => OP_CONVERT_IMAGE_TO_U_NV,
            _ => return Err(SpirvError::new("opaque_handle of a non-opaque object")),
        };
        let obj = self.gap_load_opaque(src)?;
        // The module writes `OpSamplerImageAddressingModeNV 64` after the memory model
        // when it has the capability.
        self.m.cap(CAP_BINDLESS_TEXTURE_NV);
        self.m.exts.insert("SPV_NV_bindless_texture");
        self.m.cap(CAP_INT64);
        let k = Kind::new(BaseType::Uint, 64, 1);
        let id = self.op1(opc, k, &[obj]);
        if let Some(d) = x.dest {
            self.set(d, id, k);
        }
        Ok(())
    }

    /// Loads an opaque value (an acceleration structure) through its deref.
    fn gap_load_opaque(&mut self, v: ValueId) -> Result<u32> {
        if let Val::Opaque(id) = self.vals[v.0 as usize] {
            return Ok(id);
        }
        let (pid, pointee, _, _, _) = self.ptr(v)?;
        let id = self.new_id();
        self.code.inst(super::op::LOAD, &[pointee, id, pid]);
        Ok(id)
    }

    /// A texture, image or sampler object from a bindless handle (a `deref_cast` of a
    /// `uvec2` or 64-bit handle to uniform memory): `OpConvertUTo{SampledImage,Image,
    /// Sampler}NV`, kept as the value loading the deref gives.
    pub(super) fn bindless_object(
        &mut self,
        dest: ValueId,
        ty: fresnel_ir::TypeId,
        handle: ValueId,
    ) -> Result<()> {
        let opc = match self.m.shader.types.get(ty) {
            Type::Sampler { result: None, .. } => OP_CONVERT_U_TO_SAMPLER_NV,
            Type::Sampler { .. } => OP_CONVERT_U_TO_SAMPLED_IMAGE_NV,
            Type::Image { .. } => OP_CONVERT_U_TO_IMAGE_NV,
            _ => return Err(SpirvError::new("bindless handle of a non-opaque type")),
        };
        let t = self.m.ir_type(ty, false, None)?;
        let hv = &self.f.values[handle];
        let hk = if hv.bit_size == 64 {
            self.m.cap(CAP_INT64);
            Kind::new(BaseType::Uint, 64, 1)
        } else {
            Kind::new(BaseType::Uint, 32, 2)
        };
        let h = self.value_as(handle, hk)?;
        self.m.cap(CAP_BINDLESS_TEXTURE_NV);
        self.m.exts.insert("SPV_NV_bindless_texture");
        let id = self.new_id();
        self.code.inst(opc, &[t, id, h]);
        self.vals[dest.0 as usize] = Val::Opaque(id);
        Ok(())
    }

    /// The object a texture or image deref names, loaded (or made from a bindless handle),
    /// with its SPIR-V type.
    pub(super) fn opaque_object(&mut self, v: ValueId) -> Result<(u32, u32)> {
        if let Val::Opaque(id) = self.vals[v.0 as usize] {
            let ty = self
                .deref_type(v)
                .ok_or_else(|| SpirvError::new("internal: an opaque value of no deref"))?;
            let t = self.m.ir_type(ty, false, None)?;
            return Ok((id, t));
        }
        let (pid, pointee, _, _, _) = self.ptr(v)?;
        Ok((self.load_handle(pointee, pid), pointee))
    }
}

/// Bindless objects copied into opaque variables (issue 5, helper B).
impl FuncCx<'_, '_> {
    /// `copy_deref dst, src` where `src` is a bindless object (a `deref_cast` of a handle,
    /// made by [`FuncCx::bindless_object`]): the object stored into `dst`
    /// (`sampler2D s = sampler2D(handle);`, GL_ARB_bindless_texture). `Ok(false)` for any
    /// other copy.
    pub(crate) fn copy_bindless(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if x.op != Intrinsic::CopyDeref || x.srcs.len() != 2 {
            return Ok(false);
        }
        let Val::Opaque(obj) = self.vals[x.srcs[1].0 as usize] else {
            return Ok(false);
        };
        let (did, _, _, _, _) = self.ptr(x.srcs[0])?;
        self.code.inst(super::op::STORE, &[did, obj]);
        Ok(true)
    }
}
