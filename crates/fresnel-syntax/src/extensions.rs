//! The registry of GLSL extensions the front end knows, and the per-compilation state of
//! `#extension` directives.
//!
//! Each entry names the extension (without its `GL_` prefix as the Rust identifier) and the
//! language versions where it may be enabled: the lowest desktop GLSL version (`gl`) and the
//! lowest GLSL ES version (`es`), `0` meaning "not available in that flavour".

use crate::version::Version;

macro_rules! extensions {
    ($($id:ident = $name:literal { gl: $gl:expr, es: $es:expr },)*) => {
        /// A known extension.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        #[allow(non_camel_case_types)]
        #[repr(u16)]
        pub enum Ext { $($id),* }

        /// Number of known extensions.
        pub const EXTENSION_COUNT: usize = [$($name),*].len();

        static INFO: [ExtInfo; EXTENSION_COUNT] = [$(ExtInfo { name: $name, gl: $gl, es: $es }),*];
        static ALL: [Ext; EXTENSION_COUNT] = [$(Ext::$id),*];
    };
}

/// Static facts about one extension.
#[derive(Copy, Clone, Debug)]
pub struct ExtInfo {
    /// The full name, as written after `#extension`.
    pub name: &'static str,
    /// Lowest desktop GLSL version that may enable it; 0 if desktop GLSL cannot.
    pub gl: u16,
    /// Lowest GLSL ES version that may enable it; 0 if GLSL ES cannot.
    pub es: u16,
}

extensions! {
    ARB_shading_language_420pack = "GL_ARB_shading_language_420pack" { gl: 110, es: 0 },
    ARB_explicit_attrib_location = "GL_ARB_explicit_attrib_location" { gl: 110, es: 0 },
    ARB_explicit_uniform_location = "GL_ARB_explicit_uniform_location" { gl: 110, es: 0 },
    ARB_fragment_coord_conventions = "GL_ARB_fragment_coord_conventions" { gl: 110, es: 0 },
    ARB_uniform_buffer_object = "GL_ARB_uniform_buffer_object" { gl: 110, es: 0 },
    ARB_conservative_depth = "GL_ARB_conservative_depth" { gl: 110, es: 0 },
    AMD_conservative_depth = "GL_AMD_conservative_depth" { gl: 110, es: 0 },
    EXT_conservative_depth = "GL_EXT_conservative_depth" { gl: 0, es: 300 },
    ARB_bindless_texture = "GL_ARB_bindless_texture" { gl: 110, es: 0 },
    KHR_blend_equation_advanced = "GL_KHR_blend_equation_advanced" { gl: 150, es: 300 },
    ARB_post_depth_coverage = "GL_ARB_post_depth_coverage" { gl: 110, es: 0 },
    ARB_separate_shader_objects = "GL_ARB_separate_shader_objects" { gl: 110, es: 0 },
    EXT_separate_shader_objects = "GL_EXT_separate_shader_objects" { gl: 0, es: 100 },
    ARB_compute_shader = "GL_ARB_compute_shader" { gl: 110, es: 0 },
    ARB_tessellation_shader = "GL_ARB_tessellation_shader" { gl: 150, es: 0 },
    EXT_shader_framebuffer_fetch = "GL_EXT_shader_framebuffer_fetch" { gl: 110, es: 100 },
    EXT_shader_framebuffer_fetch_non_coherent = "GL_EXT_shader_framebuffer_fetch_non_coherent" { gl: 110, es: 100 },
    OVR_multiview = "GL_OVR_multiview" { gl: 150, es: 300 },
    OVR_multiview2 = "GL_OVR_multiview2" { gl: 150, es: 300 },
    EXT_blend_func_extended = "GL_EXT_blend_func_extended" { gl: 0, es: 100 },
    ARB_shader_image_load_store = "GL_ARB_shader_image_load_store" { gl: 130, es: 0 },
    EXT_shader_image_load_store = "GL_EXT_shader_image_load_store" { gl: 130, es: 0 },
    ARB_shader_storage_buffer_object = "GL_ARB_shader_storage_buffer_object" { gl: 400, es: 0 },
    ARB_shader_atomic_counters = "GL_ARB_shader_atomic_counters" { gl: 140, es: 0 },
    EXT_gpu_shader4 = "GL_EXT_gpu_shader4" { gl: 110, es: 0 },
    NV_shader_noperspective_interpolation = "GL_NV_shader_noperspective_interpolation" { gl: 0, es: 300 },
    OES_tessellation_shader = "GL_OES_tessellation_shader" { gl: 0, es: 310 },
    EXT_tessellation_shader = "GL_EXT_tessellation_shader" { gl: 0, es: 310 },
    OES_shader_multisample_interpolation = "GL_OES_shader_multisample_interpolation" { gl: 0, es: 300 },
    ARB_gpu_shader5 = "GL_ARB_gpu_shader5" { gl: 150, es: 0 },
    EXT_gpu_shader5 = "GL_EXT_gpu_shader5" { gl: 0, es: 310 },
    OES_gpu_shader5 = "GL_OES_gpu_shader5" { gl: 0, es: 310 },
    ARB_shader_subroutine = "GL_ARB_shader_subroutine" { gl: 150, es: 0 },
    ARB_gpu_shader_fp64 = "GL_ARB_gpu_shader_fp64" { gl: 150, es: 0 },
    ARB_texture_multisample = "GL_ARB_texture_multisample" { gl: 140, es: 0 },
    OES_texture_storage_multisample_2d_array = "GL_OES_texture_storage_multisample_2d_array" { gl: 0, es: 310 },
    ARB_texture_cube_map_array = "GL_ARB_texture_cube_map_array" { gl: 110, es: 0 },
    OES_texture_cube_map_array = "GL_OES_texture_cube_map_array" { gl: 0, es: 310 },
    EXT_texture_cube_map_array = "GL_EXT_texture_cube_map_array" { gl: 0, es: 310 },
    EXT_texture_buffer = "GL_EXT_texture_buffer" { gl: 0, es: 310 },
    OES_texture_buffer = "GL_OES_texture_buffer" { gl: 0, es: 310 },
    ARB_texture_rectangle = "GL_ARB_texture_rectangle" { gl: 110, es: 0 },
    EXT_texture_array = "GL_EXT_texture_array" { gl: 110, es: 0 },
    OES_texture_3D = "GL_OES_texture_3D" { gl: 0, es: 100 },
    OES_EGL_image_external = "GL_OES_EGL_image_external" { gl: 0, es: 100 },
    OES_EGL_image_external_essl3 = "GL_OES_EGL_image_external_essl3" { gl: 0, es: 300 },
    EXT_shadow_samplers = "GL_EXT_shadow_samplers" { gl: 0, es: 100 },
    OES_standard_derivatives = "GL_OES_standard_derivatives" { gl: 0, es: 100 },
    EXT_demote_to_helper_invocation = "GL_EXT_demote_to_helper_invocation" { gl: 140, es: 310 },
    EXT_terminate_invocation = "GL_EXT_terminate_invocation" { gl: 140, es: 310 },
    EXT_ray_tracing = "GL_EXT_ray_tracing" { gl: 460, es: 0 },
    NV_ray_tracing = "GL_NV_ray_tracing" { gl: 460, es: 0 },
    EXT_spirv_intrinsics = "GL_EXT_spirv_intrinsics" { gl: 140, es: 300 },
    EXT_control_flow_attributes = "GL_EXT_control_flow_attributes" { gl: 110, es: 100 },
    EXT_control_flow_attributes2 = "GL_EXT_control_flow_attributes2" { gl: 110, es: 100 },
    EXT_function_control_attributes = "GL_EXT_function_control_attributes" { gl: 110, es: 100 },
    EXT_debug_printf = "GL_EXT_debug_printf" { gl: 110, es: 100 },
    EXT_long_vector = "GL_EXT_long_vector" { gl: 450, es: 320 },
    KHR_cooperative_matrix = "GL_KHR_cooperative_matrix" { gl: 450, es: 0 },
    NV_cooperative_matrix = "GL_NV_cooperative_matrix" { gl: 450, es: 0 },
    NV_cooperative_matrix2 = "GL_NV_cooperative_matrix2" { gl: 450, es: 0 },
    NV_cooperative_vector = "GL_NV_cooperative_vector" { gl: 450, es: 0 },
    NV_integer_cooperative_matrix = "GL_NV_integer_cooperative_matrix" { gl: 450, es: 0 },
    ARM_tensors = "GL_ARM_tensors" { gl: 460, es: 0 },
    GOOGLE_include_directive = "GL_GOOGLE_include_directive" { gl: 110, es: 100 },
    GOOGLE_cpp_style_line_directive = "GL_GOOGLE_cpp_style_line_directive" { gl: 110, es: 100 },
    ARB_shading_language_include = "GL_ARB_shading_language_include" { gl: 110, es: 0 },
    EXT_mesh_shader = "GL_EXT_mesh_shader" { gl: 450, es: 320 },
    AMD_gpu_shader_half_float = "GL_AMD_gpu_shader_half_float" { gl: 110, es: 0 },
}

impl Ext {
    pub fn info(self) -> &'static ExtInfo {
        &INFO[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn all() -> &'static [Ext] {
        &ALL
    }

    /// Looks an extension up by its full name (`GL_ARB_gpu_shader5`).
    pub fn from_name(name: &str) -> Option<Ext> {
        ALL.iter().copied().find(|e| e.info().name == name)
    }

    /// Whether `#extension` may enable this extension in the given language version.
    pub fn available_in(self, version: Version) -> bool {
        let info = self.info();
        if version.is_es() {
            info.es != 0 && version.number >= info.es
        } else {
            info.gl != 0 && version.number >= info.gl
        }
    }
}

/// The behavior given to an extension by `#extension`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Behavior {
    #[default]
    Disable,
    Warn,
    Enable,
    Require,
}

impl Behavior {
    pub fn name(self) -> &'static str {
        match self {
            Behavior::Disable => "disable",
            Behavior::Warn => "warn",
            Behavior::Enable => "enable",
            Behavior::Require => "require",
        }
    }

    /// Whether the extension's features may be used (with a warning for `warn`).
    pub fn is_on(self) -> bool {
        !matches!(self, Behavior::Disable)
    }
}

/// The behavior of every known extension at one point in a shader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtensionState {
    behaviors: Box<[Behavior; EXTENSION_COUNT]>,
}

impl Default for ExtensionState {
    fn default() -> Self {
        ExtensionState {
            behaviors: Box::new([Behavior::Disable; EXTENSION_COUNT]),
        }
    }
}

impl ExtensionState {
    pub fn get(&self, ext: Ext) -> Behavior {
        self.behaviors[ext as usize]
    }

    pub fn set(&mut self, ext: Ext, b: Behavior) {
        self.behaviors[ext as usize] = b;
    }

    pub fn set_all(&mut self, b: Behavior) {
        self.behaviors.fill(b);
    }

    pub fn is_on(&self, ext: Ext) -> bool {
        self.get(ext).is_on()
    }

    pub fn any_on(&self, exts: &[Ext]) -> bool {
        exts.iter().any(|&e| self.is_on(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        for &e in Ext::all() {
            assert_eq!(Ext::from_name(e.name()), Some(e), "{}", e.name());
            assert!(e.name().starts_with("GL_"), "{}", e.name());
        }
        assert_eq!(Ext::from_name("GL_NOT_an_extension"), None);
    }
}
