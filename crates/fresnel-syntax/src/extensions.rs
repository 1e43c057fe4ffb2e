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

        fn ext_from_name(name: &str) -> Option<Ext> {
            match name {
                $($name => Some(Ext::$id),)*
                _ => None,
            }
        }
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
    // ARB: desktop GLSL extensions approved by the OpenGL ARB (Mesa accepts most from GLSL 1.10).
    ARB_ES3_1_compatibility = "GL_ARB_ES3_1_compatibility" { gl: 110, es: 0 },
    ARB_ES3_2_compatibility = "GL_ARB_ES3_2_compatibility" { gl: 110, es: 0 },
    ARB_arrays_of_arrays = "GL_ARB_arrays_of_arrays" { gl: 110, es: 0 },
    ARB_bindless_texture = "GL_ARB_bindless_texture" { gl: 110, es: 0 },
    ARB_compatibility = "GL_ARB_compatibility" { gl: 110, es: 0 },
    ARB_compute_shader = "GL_ARB_compute_shader" { gl: 110, es: 0 },
    ARB_compute_variable_group_size = "GL_ARB_compute_variable_group_size" { gl: 110, es: 0 },
    ARB_conservative_depth = "GL_ARB_conservative_depth" { gl: 110, es: 0 },
    ARB_cull_distance = "GL_ARB_cull_distance" { gl: 110, es: 0 },
    ARB_derivative_control = "GL_ARB_derivative_control" { gl: 110, es: 0 },
    ARB_draw_buffers = "GL_ARB_draw_buffers" { gl: 110, es: 0 },
    ARB_draw_instanced = "GL_ARB_draw_instanced" { gl: 110, es: 0 },
    ARB_enhanced_layouts = "GL_ARB_enhanced_layouts" { gl: 110, es: 0 },
    ARB_explicit_attrib_location = "GL_ARB_explicit_attrib_location" { gl: 110, es: 0 },
    ARB_explicit_uniform_location = "GL_ARB_explicit_uniform_location" { gl: 110, es: 0 },
    ARB_fragment_coord_conventions = "GL_ARB_fragment_coord_conventions" { gl: 110, es: 0 },
    ARB_fragment_layer_viewport = "GL_ARB_fragment_layer_viewport" { gl: 110, es: 0 },
    ARB_fragment_shader_interlock = "GL_ARB_fragment_shader_interlock" { gl: 110, es: 0 },
    ARB_gpu_shader5 = "GL_ARB_gpu_shader5" { gl: 110, es: 0 },
    ARB_geometry_shader4 = "GL_ARB_geometry_shader4" { gl: 110, es: 0 },
    EXT_geometry_shader4 = "GL_EXT_geometry_shader4" { gl: 110, es: 0 },
    ARB_gpu_shader_fp64 = "GL_ARB_gpu_shader_fp64" { gl: 110, es: 0 },
    ARB_gpu_shader_int64 = "GL_ARB_gpu_shader_int64" { gl: 110, es: 0 },
    ARB_post_depth_coverage = "GL_ARB_post_depth_coverage" { gl: 110, es: 0 },
    ARB_sample_shading = "GL_ARB_sample_shading" { gl: 110, es: 0 },
    ARB_separate_shader_objects = "GL_ARB_separate_shader_objects" { gl: 110, es: 0 },
    ARB_shader_atomic_counter_ops = "GL_ARB_shader_atomic_counter_ops" { gl: 110, es: 0 },
    ARB_shader_atomic_counters = "GL_ARB_shader_atomic_counters" { gl: 110, es: 0 },
    ARB_shader_ballot = "GL_ARB_shader_ballot" { gl: 110, es: 0 },
    ARB_shader_bit_encoding = "GL_ARB_shader_bit_encoding" { gl: 110, es: 0 },
    ARB_shader_clock = "GL_ARB_shader_clock" { gl: 110, es: 0 },
    ARB_shader_draw_parameters = "GL_ARB_shader_draw_parameters" { gl: 110, es: 0 },
    ARB_shader_group_vote = "GL_ARB_shader_group_vote" { gl: 110, es: 0 },
    ARB_shader_image_load_store = "GL_ARB_shader_image_load_store" { gl: 110, es: 0 },
    ARB_shader_image_size = "GL_ARB_shader_image_size" { gl: 110, es: 0 },
    ARB_shader_precision = "GL_ARB_shader_precision" { gl: 110, es: 0 },
    ARB_shader_stencil_export = "GL_ARB_shader_stencil_export" { gl: 110, es: 0 },
    ARB_shader_storage_buffer_object = "GL_ARB_shader_storage_buffer_object" { gl: 110, es: 0 },
    ARB_shader_subroutine = "GL_ARB_shader_subroutine" { gl: 110, es: 0 },
    ARB_shader_texture_image_samples = "GL_ARB_shader_texture_image_samples" { gl: 110, es: 0 },
    ARB_shader_texture_lod = "GL_ARB_shader_texture_lod" { gl: 110, es: 0 },
    ARB_shader_viewport_layer_array = "GL_ARB_shader_viewport_layer_array" { gl: 110, es: 0 },
    ARB_shading_language_420pack = "GL_ARB_shading_language_420pack" { gl: 110, es: 0 },
    ARB_shading_language_include = "GL_ARB_shading_language_include" { gl: 110, es: 0 },
    ARB_shading_language_packing = "GL_ARB_shading_language_packing" { gl: 110, es: 0 },
    ARB_sparse_texture2 = "GL_ARB_sparse_texture2" { gl: 110, es: 0 },
    ARB_sparse_texture_clamp = "GL_ARB_sparse_texture_clamp" { gl: 110, es: 0 },
    ARB_tessellation_shader = "GL_ARB_tessellation_shader" { gl: 110, es: 0 },
    ARB_texture_cube_map_array = "GL_ARB_texture_cube_map_array" { gl: 110, es: 0 },
    ARB_texture_gather = "GL_ARB_texture_gather" { gl: 110, es: 0 },
    ARB_texture_multisample = "GL_ARB_texture_multisample" { gl: 110, es: 0 },
    ARB_texture_query_levels = "GL_ARB_texture_query_levels" { gl: 110, es: 0 },
    ARB_texture_query_lod = "GL_ARB_texture_query_lod" { gl: 110, es: 0 },
    ARB_texture_rectangle = "GL_ARB_texture_rectangle" { gl: 110, es: 0 },
    ARB_uniform_buffer_object = "GL_ARB_uniform_buffer_object" { gl: 110, es: 0 },
    ARB_vertex_attrib_64bit = "GL_ARB_vertex_attrib_64bit" { gl: 110, es: 0 },
    ARB_viewport_array = "GL_ARB_viewport_array" { gl: 110, es: 0 },

    // KHR: Khronos-ratified extensions (subgroups, memory model, cooperative matrices).
    KHR_blend_equation_advanced = "GL_KHR_blend_equation_advanced" { gl: 110, es: 100 },
    KHR_compute_shader_derivatives = "GL_KHR_compute_shader_derivatives" { gl: 450, es: 320 },
    KHR_cooperative_matrix = "GL_KHR_cooperative_matrix" { gl: 450, es: 320 },
    KHR_memory_scope_semantics = "GL_KHR_memory_scope_semantics" { gl: 420, es: 310 },
    KHR_shader_subgroup_arithmetic = "GL_KHR_shader_subgroup_arithmetic" { gl: 140, es: 310 },
    KHR_shader_subgroup_ballot = "GL_KHR_shader_subgroup_ballot" { gl: 140, es: 310 },
    KHR_shader_subgroup_basic = "GL_KHR_shader_subgroup_basic" { gl: 140, es: 310 },
    KHR_shader_subgroup_clustered = "GL_KHR_shader_subgroup_clustered" { gl: 140, es: 310 },
    KHR_shader_subgroup_quad = "GL_KHR_shader_subgroup_quad" { gl: 140, es: 310 },
    KHR_shader_subgroup_rotate = "GL_KHR_shader_subgroup_rotate" { gl: 140, es: 310 },
    KHR_shader_subgroup_shuffle = "GL_KHR_shader_subgroup_shuffle" { gl: 140, es: 310 },
    KHR_shader_subgroup_shuffle_relative = "GL_KHR_shader_subgroup_shuffle_relative" { gl: 140, es: 310 },
    KHR_shader_subgroup_vote = "GL_KHR_shader_subgroup_vote" { gl: 140, es: 310 },

    // OES: OpenGL ES extensions (GLSL ES only).
    OES_EGL_image_external = "GL_OES_EGL_image_external" { gl: 0, es: 100 },
    OES_EGL_image_external_essl3 = "GL_OES_EGL_image_external_essl3" { gl: 0, es: 300 },
    OES_geometry_point_size = "GL_OES_geometry_point_size" { gl: 0, es: 310 },
    OES_geometry_shader = "GL_OES_geometry_shader" { gl: 0, es: 310 },
    OES_gpu_shader5 = "GL_OES_gpu_shader5" { gl: 0, es: 310 },
    OES_primitive_bounding_box = "GL_OES_primitive_bounding_box" { gl: 0, es: 310 },
    OES_sample_variables = "GL_OES_sample_variables" { gl: 0, es: 300 },
    OES_shader_image_atomic = "GL_OES_shader_image_atomic" { gl: 0, es: 310 },
    OES_shader_io_blocks = "GL_OES_shader_io_blocks" { gl: 0, es: 310 },
    OES_shader_multisample_interpolation = "GL_OES_shader_multisample_interpolation" { gl: 0, es: 300 },
    OES_standard_derivatives = "GL_OES_standard_derivatives" { gl: 0, es: 100 },
    OES_tessellation_point_size = "GL_OES_tessellation_point_size" { gl: 0, es: 310 },
    OES_tessellation_shader = "GL_OES_tessellation_shader" { gl: 0, es: 310 },
    OES_texture_3D = "GL_OES_texture_3D" { gl: 0, es: 100 },
    OES_texture_buffer = "GL_OES_texture_buffer" { gl: 0, es: 310 },
    OES_texture_cube_map_array = "GL_OES_texture_cube_map_array" { gl: 0, es: 310 },
    OES_texture_storage_multisample_2d_array = "GL_OES_texture_storage_multisample_2d_array" { gl: 0, es: 310 },
    OES_viewport_array = "GL_OES_viewport_array" { gl: 0, es: 310 },

    // EXT: multi-vendor extensions, including the Vulkan / SPIR-V ones glslang implements.
    EXT_YUV_target = "GL_EXT_YUV_target" { gl: 0, es: 300 },
    EXT_abort = "GL_EXT_abort" { gl: 110, es: 100 },
    EXT_bfloat16 = "GL_EXT_bfloat16" { gl: 450, es: 320 },
    EXT_blend_func_extended = "GL_EXT_blend_func_extended" { gl: 0, es: 100 },
    EXT_buffer_reference = "GL_EXT_buffer_reference" { gl: 450, es: 320 },
    EXT_buffer_reference2 = "GL_EXT_buffer_reference2" { gl: 450, es: 320 },
    EXT_buffer_reference_uvec2 = "GL_EXT_buffer_reference_uvec2" { gl: 450, es: 320 },
    EXT_clip_cull_distance = "GL_EXT_clip_cull_distance" { gl: 0, es: 300 },
    EXT_conservative_depth = "GL_EXT_conservative_depth" { gl: 0, es: 300 },
    EXT_control_flow_attributes = "GL_EXT_control_flow_attributes" { gl: 140, es: 310 },
    EXT_control_flow_attributes2 = "GL_EXT_control_flow_attributes2" { gl: 140, es: 310 },
    EXT_cooperative_matrix_maintenance1 = "GL_EXT_cooperative_matrix_maintenance1" { gl: 450, es: 0 },
    EXT_debug_printf = "GL_EXT_debug_printf" { gl: 140, es: 310 },
    EXT_demote_to_helper_invocation = "GL_EXT_demote_to_helper_invocation" { gl: 110, es: 100 },
    EXT_descriptor_heap = "GL_EXT_descriptor_heap" { gl: 420, es: 310 },
    EXT_device_group = "GL_EXT_device_group" { gl: 140, es: 310 },
    EXT_draw_buffers = "GL_EXT_draw_buffers" { gl: 0, es: 100 },
    EXT_draw_instanced = "GL_EXT_draw_instanced" { gl: 110, es: 100 },
    EXT_expect_assume = "GL_EXT_expect_assume" { gl: 140, es: 310 },
    EXT_float_e2m1 = "GL_EXT_float_e2m1" { gl: 450, es: 320 },
    EXT_float_e2m3 = "GL_EXT_float_e2m3" { gl: 450, es: 320 },
    EXT_float_e3m2 = "GL_EXT_float_e3m2" { gl: 450, es: 320 },
    EXT_float_e4m3 = "GL_EXT_float_e4m3" { gl: 450, es: 320 },
    EXT_float_e5m2 = "GL_EXT_float_e5m2" { gl: 450, es: 320 },
    EXT_float_mxint8 = "GL_EXT_float_mxint8" { gl: 450, es: 320 },
    EXT_float_ue8m0 = "GL_EXT_float_ue8m0" { gl: 450, es: 320 },
    EXT_frag_depth = "GL_EXT_frag_depth" { gl: 0, es: 100 },
    EXT_fragment_invocation_density = "GL_EXT_fragment_invocation_density" { gl: 450, es: 310 },
    EXT_fragment_shader_barycentric = "GL_EXT_fragment_shader_barycentric" { gl: 450, es: 320 },
    EXT_fragment_shading_rate = "GL_EXT_fragment_shading_rate" { gl: 450, es: 310 },
    EXT_function_control_attributes = "GL_EXT_function_control_attributes" { gl: 140, es: 310 },
    EXT_geometry_point_size = "GL_EXT_geometry_point_size" { gl: 0, es: 310 },
    EXT_geometry_shader = "GL_EXT_geometry_shader" { gl: 0, es: 310 },
    EXT_gpu_shader4 = "GL_EXT_gpu_shader4" { gl: 110, es: 0 },
    EXT_gpu_shader5 = "GL_EXT_gpu_shader5" { gl: 0, es: 310 },
    EXT_integer_dot_product = "GL_EXT_integer_dot_product" { gl: 450, es: 300 },
    EXT_long_vector = "GL_EXT_long_vector" { gl: 450, es: 320 },
    EXT_maximal_reconvergence = "GL_EXT_maximal_reconvergence" { gl: 140, es: 310 },
    EXT_mesh_shader = "GL_EXT_mesh_shader" { gl: 450, es: 320 },
    EXT_multiview = "GL_EXT_multiview" { gl: 140, es: 310 },
    EXT_nonuniform_qualifier = "GL_EXT_nonuniform_qualifier" { gl: 140, es: 310 },
    EXT_nontemporal_keyword = "GL_EXT_nontemporal_keyword" { gl: 460, es: 320 },
    EXT_null_initializer = "GL_EXT_null_initializer" { gl: 140, es: 310 },
    EXT_opacity_micromap = "GL_EXT_opacity_micromap" { gl: 460, es: 0 },
    EXT_opacity_micromap_ray_query_mode = "GL_EXT_opacity_micromap_ray_query_mode" { gl: 460, es: 0 },
    EXT_optional_input_attachment_index = "GL_EXT_optional_input_attachment_index" { gl: 140, es: 310 },
    EXT_post_depth_coverage = "GL_EXT_post_depth_coverage" { gl: 420, es: 310 },
    EXT_primitive_bounding_box = "GL_EXT_primitive_bounding_box" { gl: 0, es: 310 },
    EXT_ray_cull_mask = "GL_EXT_ray_cull_mask" { gl: 460, es: 0 },
    EXT_ray_flags_primitive_culling = "GL_EXT_ray_flags_primitive_culling" { gl: 460, es: 0 },
    EXT_ray_query = "GL_EXT_ray_query" { gl: 460, es: 0 },
    EXT_ray_tracing = "GL_EXT_ray_tracing" { gl: 460, es: 0 },
    EXT_ray_tracing_position_fetch = "GL_EXT_ray_tracing_position_fetch" { gl: 460, es: 0 },
    EXT_samplerless_texture_functions = "GL_EXT_samplerless_texture_functions" { gl: 140, es: 310 },
    EXT_scalar_block_layout = "GL_EXT_scalar_block_layout" { gl: 140, es: 300 },
    EXT_separate_shader_objects = "GL_EXT_separate_shader_objects" { gl: 0, es: 100 },
    EXT_shader_16bit_storage = "GL_EXT_shader_16bit_storage" { gl: 140, es: 310 },
    EXT_shader_64bit_indexing = "GL_EXT_shader_64bit_indexing" { gl: 450, es: 320 },
    EXT_shader_8bit_storage = "GL_EXT_shader_8bit_storage" { gl: 140, es: 310 },
    EXT_shader_atomic_float = "GL_EXT_shader_atomic_float" { gl: 450, es: 0 },
    EXT_shader_atomic_float2 = "GL_EXT_shader_atomic_float2" { gl: 450, es: 0 },
    EXT_shader_atomic_int64 = "GL_EXT_shader_atomic_int64" { gl: 440, es: 0 },
    EXT_shader_explicit_arithmetic_types = "GL_EXT_shader_explicit_arithmetic_types" { gl: 140, es: 310 },
    EXT_shader_explicit_arithmetic_types_float16 = "GL_EXT_shader_explicit_arithmetic_types_float16" { gl: 140, es: 310 },
    EXT_shader_explicit_arithmetic_types_float32 = "GL_EXT_shader_explicit_arithmetic_types_float32" { gl: 140, es: 310 },
    EXT_shader_explicit_arithmetic_types_float64 = "GL_EXT_shader_explicit_arithmetic_types_float64" { gl: 140, es: 310 },
    EXT_shader_explicit_arithmetic_types_int16 = "GL_EXT_shader_explicit_arithmetic_types_int16" { gl: 140, es: 310 },
    EXT_shader_explicit_arithmetic_types_int32 = "GL_EXT_shader_explicit_arithmetic_types_int32" { gl: 140, es: 310 },
    EXT_shader_explicit_arithmetic_types_int64 = "GL_EXT_shader_explicit_arithmetic_types_int64" { gl: 140, es: 310 },
    EXT_shader_explicit_arithmetic_types_int8 = "GL_EXT_shader_explicit_arithmetic_types_int8" { gl: 140, es: 310 },
    EXT_shader_framebuffer_fetch = "GL_EXT_shader_framebuffer_fetch" { gl: 110, es: 100 },
    EXT_shader_framebuffer_fetch_non_coherent = "GL_EXT_shader_framebuffer_fetch_non_coherent" { gl: 110, es: 100 },
    EXT_shader_group_vote = "GL_EXT_shader_group_vote" { gl: 0, es: 300 },
    EXT_shader_image_int64 = "GL_EXT_shader_image_int64" { gl: 420, es: 310 },
    EXT_shader_image_load_formatted = "GL_EXT_shader_image_load_formatted" { gl: 110, es: 0 },
    EXT_shader_image_load_store = "GL_EXT_shader_image_load_store" { gl: 110, es: 0 },
    EXT_shader_implicit_conversions = "GL_EXT_shader_implicit_conversions" { gl: 0, es: 310 },
    EXT_shader_integer_mix = "GL_EXT_shader_integer_mix" { gl: 110, es: 300 },
    EXT_shader_invocation_reorder = "GL_EXT_shader_invocation_reorder" { gl: 460, es: 0 },
    EXT_shader_io_blocks = "GL_EXT_shader_io_blocks" { gl: 0, es: 310 },
    EXT_shader_non_constant_global_initializers = "GL_EXT_shader_non_constant_global_initializers" { gl: 0, es: 100 },
    EXT_shader_quad_control = "GL_EXT_shader_quad_control" { gl: 140, es: 310 },
    EXT_shader_realtime_clock = "GL_EXT_shader_realtime_clock" { gl: 440, es: 310 },
    EXT_shader_samples_identical = "GL_EXT_shader_samples_identical" { gl: 110, es: 310 },
    EXT_shader_subgroup_extended_types_float16 = "GL_EXT_shader_subgroup_extended_types_float16" { gl: 140, es: 310 },
    EXT_shader_subgroup_extended_types_int16 = "GL_EXT_shader_subgroup_extended_types_int16" { gl: 140, es: 310 },
    EXT_shader_subgroup_extended_types_int64 = "GL_EXT_shader_subgroup_extended_types_int64" { gl: 140, es: 310 },
    EXT_shader_subgroup_extended_types_int8 = "GL_EXT_shader_subgroup_extended_types_int8" { gl: 140, es: 310 },
    EXT_shader_texture_lod = "GL_EXT_shader_texture_lod" { gl: 0, es: 100 },
    EXT_shader_tile_image = "GL_EXT_shader_tile_image" { gl: 460, es: 0 },
    EXT_shadow_samplers = "GL_EXT_shadow_samplers" { gl: 0, es: 100 },
    EXT_shared_memory_block = "GL_EXT_shared_memory_block" { gl: 140, es: 310 },
    EXT_spec_constant_composites = "GL_EXT_spec_constant_composites" { gl: 140, es: 310 },
    EXT_spirv_intrinsics = "GL_EXT_spirv_intrinsics" { gl: 110, es: 300 },
    EXT_split_barrier = "GL_EXT_split_barrier" { gl: 430, es: 310 },
    EXT_structured_descriptor_heap = "GL_EXT_structured_descriptor_heap" { gl: 420, es: 310 },
    EXT_subgroup_uniform_control_flow = "GL_EXT_subgroup_uniform_control_flow" { gl: 140, es: 310 },
    EXT_subgroupuniform_qualifier = "GL_EXT_subgroupuniform_qualifier" { gl: 140, es: 310 },
    EXT_terminate_invocation = "GL_EXT_terminate_invocation" { gl: 140, es: 310 },
    EXT_tessellation_point_size = "GL_EXT_tessellation_point_size" { gl: 0, es: 310 },
    EXT_tessellation_shader = "GL_EXT_tessellation_shader" { gl: 0, es: 310 },
    EXT_texture_array = "GL_EXT_texture_array" { gl: 110, es: 0 },
    EXT_texture_buffer = "GL_EXT_texture_buffer" { gl: 0, es: 310 },
    EXT_texture_cube_map_array = "GL_EXT_texture_cube_map_array" { gl: 0, es: 310 },
    EXT_texture_offset_non_const = "GL_EXT_texture_offset_non_const" { gl: 130, es: 300 },
    EXT_texture_query_lod = "GL_EXT_texture_query_lod" { gl: 0, es: 300 },
    EXT_texture_shadow_lod = "GL_EXT_texture_shadow_lod" { gl: 110, es: 300 },
    EXT_uniform_buffer_unsized_array = "GL_EXT_uniform_buffer_unsized_array" { gl: 110, es: 0 },

    // AMD: AMD vendor extensions.
    AMD_conservative_depth = "GL_AMD_conservative_depth" { gl: 110, es: 0 },
    AMD_gcn_shader = "GL_AMD_gcn_shader" { gl: 440, es: 0 },
    AMD_gpu_shader_half_float = "GL_AMD_gpu_shader_half_float" { gl: 400, es: 0 },
    AMD_gpu_shader_half_float_fetch = "GL_AMD_gpu_shader_half_float_fetch" { gl: 450, es: 0 },
    AMD_gpu_shader_int16 = "GL_AMD_gpu_shader_int16" { gl: 450, es: 0 },
    AMD_gpu_shader_int64 = "GL_AMD_gpu_shader_int64" { gl: 110, es: 0 },
    AMD_shader_ballot = "GL_AMD_shader_ballot" { gl: 450, es: 0 },
    AMD_shader_early_and_late_fragment_tests = "GL_AMD_shader_early_and_late_fragment_tests" { gl: 140, es: 310 },
    AMD_shader_explicit_vertex_parameter = "GL_AMD_shader_explicit_vertex_parameter" { gl: 450, es: 0 },
    AMD_shader_fragment_mask = "GL_AMD_shader_fragment_mask" { gl: 450, es: 0 },
    AMD_shader_image_load_store_lod = "GL_AMD_shader_image_load_store_lod" { gl: 450, es: 0 },
    AMD_shader_stencil_export = "GL_AMD_shader_stencil_export" { gl: 110, es: 0 },
    AMD_shader_trinary_minmax = "GL_AMD_shader_trinary_minmax" { gl: 110, es: 0 },
    AMD_texture_gather_bias_lod = "GL_AMD_texture_gather_bias_lod" { gl: 450, es: 0 },
    AMD_texture_texture4 = "GL_AMD_texture_texture4" { gl: 110, es: 0 },
    AMD_vertex_shader_layer = "GL_AMD_vertex_shader_layer" { gl: 110, es: 0 },
    AMD_vertex_shader_viewport_index = "GL_AMD_vertex_shader_viewport_index" { gl: 110, es: 0 },

    // ANDROID: the Android extension pack (enables the ES 3.1 AEP extensions at once).
    ANDROID_extension_pack_es31a = "GL_ANDROID_extension_pack_es31a" { gl: 0, es: 310 },

    // ARM: Arm vendor extensions.
    ARM_cooperative_matrix_layouts = "GL_ARM_cooperative_matrix_layouts" { gl: 140, es: 300 },
    ARM_shader_core_builtins = "GL_ARM_shader_core_builtins" { gl: 140, es: 300 },
    ARM_shader_framebuffer_fetch_depth_stencil = "GL_ARM_shader_framebuffer_fetch_depth_stencil" { gl: 110, es: 100 },
    ARM_tensors = "GL_ARM_tensors" { gl: 450, es: 320 },
    ARM_tensors_bfloat16 = "GL_ARM_tensors_bfloat16" { gl: 450, es: 320 },
    ARM_tensors_float_e4m3 = "GL_ARM_tensors_float_e4m3" { gl: 450, es: 320 },
    ARM_tensors_float_e5m2 = "GL_ARM_tensors_float_e5m2" { gl: 450, es: 320 },

    // GOOGLE: glslang's source-level directives (#include, #line with file names).
    GOOGLE_cpp_style_line_directive = "GL_GOOGLE_cpp_style_line_directive" { gl: 110, es: 100 },
    GOOGLE_include_directive = "GL_GOOGLE_include_directive" { gl: 110, es: 100 },

    // HUAWEI: Huawei vendor extensions.
    HUAWEI_cluster_culling_shader = "GL_HUAWEI_cluster_culling_shader" { gl: 460, es: 320 },
    HUAWEI_subpass_shading = "GL_HUAWEI_subpass_shading" { gl: 460, es: 320 },

    // INTEL: Intel vendor extensions.
    INTEL_conservative_rasterization = "GL_INTEL_conservative_rasterization" { gl: 110, es: 310 },
    INTEL_shader_atomic_float_minmax = "GL_INTEL_shader_atomic_float_minmax" { gl: 110, es: 0 },
    INTEL_shader_integer_functions2 = "GL_INTEL_shader_integer_functions2" { gl: 110, es: 300 },

    // MESA: Mesa extensions.
    MESA_shader_integer_functions = "GL_MESA_shader_integer_functions" { gl: 110, es: 300 },

    // NV: NVIDIA vendor extensions.
    NV_cluster_acceleration_structure = "GL_NV_cluster_acceleration_structure" { gl: 460, es: 0 },
    NV_compute_shader_derivatives = "GL_NV_compute_shader_derivatives" { gl: 110, es: 320 },
    NV_conservative_raster_underestimation = "GL_NV_conservative_raster_underestimation" { gl: 430, es: 0 },
    NV_cooperative_matrix = "GL_NV_cooperative_matrix" { gl: 450, es: 320 },
    NV_cooperative_matrix2 = "GL_NV_cooperative_matrix2" { gl: 450, es: 320 },
    NV_cooperative_matrix_decode_vector = "GL_NV_cooperative_matrix_decode_vector" { gl: 450, es: 320 },
    NV_cooperative_vector = "GL_NV_cooperative_vector" { gl: 450, es: 320 },
    NV_desktop_lowp_mediump = "GL_NV_desktop_lowp_mediump" { gl: 110, es: 0 },
    NV_displacement_micromap = "GL_NV_displacement_micromap" { gl: 460, es: 0 },
    NV_explicit_typecast = "GL_NV_explicit_typecast" { gl: 450, es: 320 },
    NV_fragment_shader_barycentric = "GL_NV_fragment_shader_barycentric" { gl: 450, es: 320 },
    NV_fragment_shader_interlock = "GL_NV_fragment_shader_interlock" { gl: 110, es: 310 },
    NV_geometry_shader_passthrough = "GL_NV_geometry_shader_passthrough" { gl: 150, es: 310 },
    NV_gpu_shader5 = "GL_NV_gpu_shader5" { gl: 150, es: 0 },
    NV_image_formats = "GL_NV_image_formats" { gl: 0, es: 310 },
    NV_integer_cooperative_matrix = "GL_NV_integer_cooperative_matrix" { gl: 450, es: 0 },
    NV_linear_swept_spheres = "GL_NV_linear_swept_spheres" { gl: 460, es: 0 },
    NV_mesh_shader = "GL_NV_mesh_shader" { gl: 450, es: 320 },
    NV_primitive_shading_rate = "GL_NV_primitive_shading_rate" { gl: 450, es: 320 },
    NV_push_constant_bank = "GL_NV_push_constant_bank" { gl: 460, es: 0 },
    NV_ray_tracing = "GL_NV_ray_tracing" { gl: 460, es: 0 },
    NV_ray_tracing_motion_blur = "GL_NV_ray_tracing_motion_blur" { gl: 460, es: 0 },
    NV_sample_mask_override_coverage = "GL_NV_sample_mask_override_coverage" { gl: 400, es: 320 },
    NV_shader_atomic_float = "GL_NV_shader_atomic_float" { gl: 110, es: 0 },
    NV_shader_atomic_fp16_vector = "GL_NV_shader_atomic_fp16_vector" { gl: 430, es: 0 },
    NV_shader_atomic_int64 = "GL_NV_shader_atomic_int64" { gl: 110, es: 0 },
    NV_shader_invocation_reorder = "GL_NV_shader_invocation_reorder" { gl: 460, es: 0 },
    NV_shader_noperspective_interpolation = "GL_NV_shader_noperspective_interpolation" { gl: 0, es: 300 },
    NV_shader_sm_builtins = "GL_NV_shader_sm_builtins" { gl: 140, es: 310 },
    NV_shader_subgroup_partitioned = "GL_NV_shader_subgroup_partitioned" { gl: 140, es: 310 },
    NV_shader_texture_footprint = "GL_NV_shader_texture_footprint" { gl: 450, es: 320 },
    NV_shading_rate_image = "GL_NV_shading_rate_image" { gl: 450, es: 320 },
    NV_stereo_view_rendering = "GL_NV_stereo_view_rendering" { gl: 450, es: 0 },
    NV_viewport_array2 = "GL_NV_viewport_array2" { gl: 110, es: 310 },

    // NVX: NVIDIA experimental extensions.
    NVX_multiview_per_view_attributes = "GL_NVX_multiview_per_view_attributes" { gl: 450, es: 0 },

    // OVR: Oculus multiview extensions.
    OVR_multiview = "GL_OVR_multiview" { gl: 110, es: 300 },
    OVR_multiview2 = "GL_OVR_multiview2" { gl: 110, es: 300 },

    // QCOM: Qualcomm vendor extensions.
    QCOM_cooperative_matrix_conversion = "GL_QCOM_cooperative_matrix_conversion" { gl: 450, es: 310 },
    QCOM_image_processing = "GL_QCOM_image_processing" { gl: 140, es: 310 },
    QCOM_image_processing2 = "GL_QCOM_image_processing2" { gl: 140, es: 310 },
    QCOM_image_processing3 = "GL_QCOM_image_processing3" { gl: 130, es: 310 },
    QCOM_multiple_wait_queues = "GL_QCOM_multiple_wait_queues" { gl: 110, es: 100 },
    QCOM_tile_shading = "GL_QCOM_tile_shading" { gl: 460, es: 310 },

    // 3DL: 3Dlabs (the identifier gets a leading underscore, as it cannot start with a digit).
    _3DL_array_objects = "GL_3DL_array_objects" { gl: 110, es: 0 },
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
        ext_from_name(name)
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

/// `(A, B)`: enabling A brings B's features (A's specification includes or requires B's).
pub const IMPLIED: &[(Ext, Ext)] = &[
    // GL_NV_gpu_shader5 extends GL_ARB_gpu_shader5 with explicit-width types; glslang also
    // gives it cube map arrays.
    (Ext::NV_gpu_shader5, Ext::ARB_gpu_shader5),
    (
        Ext::NV_gpu_shader5,
        Ext::EXT_shader_explicit_arithmetic_types,
    ),
    (Ext::NV_gpu_shader5, Ext::ARB_texture_cube_map_array),
    // GL_ARB_sparse_texture_clamp requires GL_ARB_sparse_texture2.
    (Ext::ARB_sparse_texture_clamp, Ext::ARB_sparse_texture2),
    // Every GL_KHR_shader_subgroup_* extension requires (and glslang enables) the basic one.
    (
        Ext::KHR_shader_subgroup_vote,
        Ext::KHR_shader_subgroup_basic,
    ),
    (
        Ext::KHR_shader_subgroup_arithmetic,
        Ext::KHR_shader_subgroup_basic,
    ),
    (
        Ext::KHR_shader_subgroup_ballot,
        Ext::KHR_shader_subgroup_basic,
    ),
    (
        Ext::KHR_shader_subgroup_shuffle,
        Ext::KHR_shader_subgroup_basic,
    ),
    (
        Ext::KHR_shader_subgroup_shuffle_relative,
        Ext::KHR_shader_subgroup_basic,
    ),
    (
        Ext::KHR_shader_subgroup_clustered,
        Ext::KHR_shader_subgroup_basic,
    ),
    (
        Ext::KHR_shader_subgroup_quad,
        Ext::KHR_shader_subgroup_basic,
    ),
    (
        Ext::KHR_shader_subgroup_rotate,
        Ext::KHR_shader_subgroup_basic,
    ),
    // "If the OES_geometry_shader extension is enabled, the OES_shader_io_blocks extension is
    // also implicitly enabled", and so for the EXT and the tessellation extensions (glslang
    // and Mesa do the same; dEQP's linkage tests rely on it).
    (Ext::EXT_geometry_shader, Ext::EXT_shader_io_blocks),
    (Ext::OES_geometry_shader, Ext::OES_shader_io_blocks),
    (Ext::EXT_tessellation_shader, Ext::EXT_shader_io_blocks),
    (Ext::OES_tessellation_shader, Ext::OES_shader_io_blocks),
    // GL_ANDROID_extension_pack_es31a: "enabling the pack enables every extension it lists"
    // (its spec's GLSL section; glslang does the same).
    (
        Ext::ANDROID_extension_pack_es31a,
        Ext::KHR_blend_equation_advanced,
    ),
    (Ext::ANDROID_extension_pack_es31a, Ext::OES_sample_variables),
    (
        Ext::ANDROID_extension_pack_es31a,
        Ext::OES_shader_image_atomic,
    ),
    (
        Ext::ANDROID_extension_pack_es31a,
        Ext::OES_shader_multisample_interpolation,
    ),
    (
        Ext::ANDROID_extension_pack_es31a,
        Ext::OES_texture_storage_multisample_2d_array,
    ),
    (Ext::ANDROID_extension_pack_es31a, Ext::EXT_geometry_shader),
    (Ext::ANDROID_extension_pack_es31a, Ext::EXT_gpu_shader5),
    (
        Ext::ANDROID_extension_pack_es31a,
        Ext::EXT_primitive_bounding_box,
    ),
    (Ext::ANDROID_extension_pack_es31a, Ext::EXT_shader_io_blocks),
    (
        Ext::ANDROID_extension_pack_es31a,
        Ext::EXT_tessellation_shader,
    ),
    (Ext::ANDROID_extension_pack_es31a, Ext::EXT_texture_buffer),
    (
        Ext::ANDROID_extension_pack_es31a,
        Ext::EXT_texture_cube_map_array,
    ),
];

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
    /// The state before any `#extension` in a shader of this version: everything disabled,
    /// except GL_ARB_texture_rectangle in desktop GLSL before 1.40, which implementations
    /// enable by default (Mesa does; piglit expects it, including `: disable` turning
    /// `sampler2DRect` off).
    pub fn initial(version: crate::version::Version) -> ExtensionState {
        let mut s = ExtensionState::default();
        for (e, b) in Self::initially_on(version) {
            s.set(e, b);
        }
        s
    }

    /// Makes this state [`ExtensionState::initial`] again, in place (performance: no
    /// allocation).
    pub fn reset_to_initial(&mut self, version: crate::version::Version) {
        self.behaviors.fill(Behavior::Disable);
        for (e, b) in Self::initially_on(version) {
            self.set(e, b);
        }
    }

    /// The extensions [`ExtensionState::initial`] turns on, with their behavior (without
    /// building a whole state: the preprocessor asks once per shader).
    pub fn initially_on(version: crate::version::Version) -> impl Iterator<Item = (Ext, Behavior)> {
        (!version.is_es() && version.number < 140)
            .then_some((Ext::ARB_texture_rectangle, Behavior::Enable))
            .into_iter()
    }

    pub fn get(&self, ext: Ext) -> Behavior {
        self.behaviors[ext as usize]
    }

    /// Sets an extension's behavior. Enabling an extension whose specification includes
    /// another's features ([`IMPLIED`]) enables those too, unless the shader set them itself.
    pub fn set(&mut self, ext: Ext, b: Behavior) {
        self.behaviors[ext as usize] = b;
        if b.is_on() {
            for &(by, implied) in IMPLIED {
                if by == ext && !self.is_on(implied) {
                    self.behaviors[implied as usize] = b;
                }
            }
        }
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
