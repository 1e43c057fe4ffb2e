//! GL_QCOM_tile_shading as SPV_QCOM_tile_shading (issue 5, helper F): the built-ins
//! `gl_TileOffsetQCOM`, `gl_TileDimensionQCOM`, `gl_TileApronSizeQCOM` (`BuiltIn
//! TileOffsetQCOM` ...), images declared `layout(tile_attachmentQCOM)` in the
//! `TileAttachmentQCOM` storage class (the lowering marks them with the extension storage
//! `tile_attachmentQCOM`), and the execution modes `TileShadingRateQCOM x y z` (compute:
//! `layout(shading_rate_xQCOM = x, ...) in;`) and `NonCoherentTileAttachmentReadQCOM`
//! (fragment: `layout(non_coherent_attachment_readQCOM) in;`). Each brings capability
//! `TileShadingQCOM` and the extension.

use fresnel_ir::Stage;

use super::Module;

pub const CAP_TILE_SHADING_QCOM: u32 = 4495;
pub const MODE_NON_COHERENT_TILE_ATTACHMENT_READ_QCOM: u32 = 4489;
pub const MODE_TILE_SHADING_RATE_QCOM: u32 = 4490;
pub const STORAGE_TILE_ATTACHMENT_QCOM: u32 = 4491;
const EXT: &str = "SPV_QCOM_tile_shading";

/// The extension storage name the lowering gives tile attachments.
pub const TILE_ATTACHMENT: &str = "tile_attachmentQCOM";

/// The `BuiltIn` of a tile-shading built-in, with the capability and extension it needs.
pub fn builtin(name: &str) -> Option<(u32, Option<(u32, &'static str)>)> {
    let b = match name {
        "gl_TileOffsetQCOM" => 4492,
        "gl_TileDimensionQCOM" => 4493,
        "gl_TileApronSizeQCOM" => 4494,
        _ => return None,
    };
    Some((b, Some((CAP_TILE_SHADING_QCOM, EXT))))
}

impl Module<'_> {
    /// The tile-shading execution modes of the entry point (each mode's operands after the
    /// entry point), with their capability; tile attachments bring it too.
    pub(crate) fn tile_shading_modes(&mut self, modes: &mut super::ModeList) {
        let info = &self.shader.info;
        let mut rate = [None; 3];
        let mut non_coherent = false;
        for (name, value) in &info.other_modes {
            let v = value.and_then(|v| u32::try_from(v).ok());
            match name.to_ascii_lowercase().as_str() {
                "shading_rate_xqcom" => rate[0] = v,
                "shading_rate_yqcom" => rate[1] = v,
                "shading_rate_zqcom" => rate[2] = v,
                "non_coherent_attachment_readqcom" => non_coherent = true,
                _ => {}
            }
        }
        let mut used = false;
        if self.shader.stage == Stage::Compute && rate.iter().any(Option::is_some) {
            // The tile's shading rate replaces the workgroup size (SPV_QCOM_tile_shading:
            // `LocalSize` must not be given with it).
            modes.retain(|m| m.first() != Some(&super::spec::mode::LOCAL_SIZE));
            modes.push(smallvec::smallvec![
                MODE_TILE_SHADING_RATE_QCOM,
                rate[0].unwrap_or(1),
                rate[1].unwrap_or(1),
                rate[2].unwrap_or(1),
            ]);
            used = true;
        }
        if self.shader.stage == Stage::Fragment && non_coherent {
            modes.push(smallvec::smallvec![
                MODE_NON_COHERENT_TILE_ATTACHMENT_READ_QCOM
            ]);
            used = true;
        }
        used |= self
            .shader
            .vars
            .iter()
            .any(|(_, v)| v.ext_storage.as_deref() == Some(TILE_ATTACHMENT));
        if used {
            self.cap(CAP_TILE_SHADING_QCOM);
            self.exts.insert(EXT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_built_ins() {
        assert_eq!(builtin("gl_TileOffsetQCOM").map(|b| b.0), Some(4492));
        assert_eq!(builtin("gl_TileDimensionQCOM").map(|b| b.0), Some(4493));
        assert_eq!(
            builtin("gl_TileApronSizeQCOM"),
            Some((4494, Some((CAP_TILE_SHADING_QCOM, EXT))))
        );
        assert_eq!(builtin("gl_TileOffset"), None);
    }
}
