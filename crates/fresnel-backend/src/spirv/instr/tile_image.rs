//! GL_EXT_shader_tile_image as SPV_EXT_shader_tile_image: attachments (`attachmentEXT`,
//! `iattachmentEXT`, `uattachmentEXT`, declared `tileImageEXT`) are images of dimension
//! `TileImageDataEXT` in the `TileImageEXT` storage class (`types.rs`), and
//! `tile_image_read` is `OpColorAttachmentReadEXT` on the loaded attachment,
//! `OpDepthAttachmentReadEXT` or `OpStencilAttachmentReadEXT`, the sample as the optional
//! last operand. Each brings its `TileImage*ReadAccessEXT` capability.

use fresnel_ir::{BaseType, IndexKind, IntrinsicInstr};

use super::super::types::Kind;
use super::super::{Module, Result, SpirvError};
use crate::spirv::func::FuncCx;

pub const EXT: &str = "SPV_EXT_shader_tile_image";
pub const CAP_COLOR_READ: u32 = 4166;
const CAP_DEPTH_READ: u32 = 4167;
const CAP_STENCIL_READ: u32 = 4168;
/// The `TileImageDataEXT` image dimension.
const DIM_TILE_IMAGE_DATA: u32 = 4173;
const OP_COLOR_ATTACHMENT_READ: u16 = 4160;
const OP_DEPTH_ATTACHMENT_READ: u16 = 4161;
const OP_STENCIL_ATTACHMENT_READ: u16 = 4162;

/// The component type of an attachment type (`Type::Opaque` holds its GLSL name).
pub fn attachment(name: &str) -> Option<BaseType> {
    Some(match name {
        "attachmentEXT" => BaseType::Float,
        "iattachmentEXT" => BaseType::Int,
        "uattachmentEXT" => BaseType::Uint,
        _ => return None,
    })
}

impl Module<'_> {
    /// The image type of an attachment of component type `result`.
    pub(crate) fn attachment_type(&mut self, result: BaseType) -> u32 {
        self.cap(CAP_COLOR_READ);
        self.exts.insert(EXT);
        let sampled = self.kind_type(Kind::new(result, 32, 1));
        self.ty(
            super::op::TYPE_IMAGE,
            &[sampled, DIM_TILE_IMAGE_DATA, 0, 0, 0, 2, 0],
        )
    }
}

impl FuncCx<'_, '_> {
    /// `tile_image_read` (see the module docs).
    pub(super) fn emit_tile_image_read(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let which = x.index(IndexKind::Base).unwrap_or(-1);
        let (opcode, cap, base) = match which {
            0 => (OP_COLOR_ATTACHMENT_READ, CAP_COLOR_READ, None),
            1 => (
                OP_DEPTH_ATTACHMENT_READ,
                CAP_DEPTH_READ,
                Some(BaseType::Float),
            ),
            2 => (
                OP_STENCIL_ATTACHMENT_READ,
                CAP_STENCIL_READ,
                Some(BaseType::Uint),
            ),
            _ => return Err(SpirvError::new("bad tile_image_read")),
        };
        let mut srcs = x.srcs.iter().copied();
        let mut args = Vec::with_capacity(2);
        let base = match base {
            Some(b) => b,
            None => {
                let a = srcs
                    .next()
                    .ok_or_else(|| SpirvError::new("colorAttachmentReadEXT without attachment"))?;
                let result = self
                    .deref_type(a)
                    .and_then(|t| match self.m.shader.types.get(t) {
                        fresnel_ir::Type::Opaque(n) => attachment(n),
                        _ => None,
                    })
                    .ok_or_else(|| SpirvError::new("colorAttachmentReadEXT on a non-attachment"))?;
                args.push(self.opaque_object(a)?.0);
                result
            }
        };
        if let Some(sample) = srcs.next() {
            args.push(self.prefix(sample, 1, BaseType::Int)?);
        }
        self.m.cap(cap);
        self.m.exts.insert(EXT);
        let d = x
            .dest
            .ok_or_else(|| SpirvError::new("tile_image_read without a result"))?;
        let v = &self.f.values[d];
        let k = Kind::new(base, v.bit_size, v.num_components);
        let id = self.op1(opcode, k, &args);
        self.set(d, id, k);
        Ok(())
    }
}
