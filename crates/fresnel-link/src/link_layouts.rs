//! The stage-wide layouts a program needs (Mesa's `link_tcs_out_layout_qualifiers`,
//! `link_tes_in_layout_qualifiers` and `link_gs_inout_layout_qualifiers`): some unit of a
//! tessellation control stage must give the output patch size (`layout(vertices = N) out`),
//! one of a tessellation evaluation stage the primitive mode, and a geometry stage its input
//! and output primitives and `max_vertices`, and a compute stage (of a GL program) its local
//! size, fixed or variable but not both. Geometry shaders of desktop GLSL before 1.50
//! (GL_ARB_geometry_shader4) have no such layouts: the application gives the primitives as
//! program parameters, so nothing is required of them (as Mesa).

use fresnel_ir::{Shader, Stage};

use crate::program_facts::{Language, ShaderFacts};
use crate::LinkError;

/// `stage`'s units: their IR and the facts of the stage.
pub(crate) fn validate_stage_layouts(
    stage: Stage,
    units: &[&Shader],
    facts: &[ShaderFacts],
    lang: Language,
) -> Result<(), LinkError> {
    let fail = |m: &str| Err(LinkError::new(m));
    match stage {
        Stage::TessControl if units.iter().all(|s| s.info.tess_vertices.is_none()) => fail(
            "the tessellation control shader declares no output patch size \
             (`layout(vertices = N) out`)",
        ),
        Stage::TessEval if units.iter().all(|s| s.info.tess_primitive.is_none()) => fail(
            "the tessellation evaluation shader declares no primitive mode \
             (`layout(triangles) in`, `quads` or `isolines`)",
        ),
        Stage::Geometry if lang.es || lang.version >= 150 => {
            let geo = || units.iter().filter_map(|s| s.info.geometry.as_ref());
            if geo().all(|g| g.input.is_empty()) {
                return fail(
                    "the geometry shader declares no input primitive (`layout(triangles) in`, ...)",
                );
            }
            if geo().all(|g| g.output.is_empty()) {
                return fail(
                    "the geometry shader declares no output primitive \
                     (`layout(triangle_strip) out`, ...)",
                );
            }
            // The IR keeps a default count; whether one was written is the front end's.
            let declared = facts
                .iter()
                .any(|f| f.stage == Stage::Geometry && f.max_vertices);
            if !declared && facts.iter().any(|f| f.stage == Stage::Geometry) {
                return fail("the geometry shader declares no `layout(max_vertices = N) out`");
            }
            // No per-vertex input has more elements than the input primitive has vertices
            // (the primitive may be declared in another unit than the array). Fewer is not
            // told apart here: the IR sizes an unsized array by its largest constant index.
            let vertices = geo().find_map(|g| match g.input.as_str() {
                "points" => Some(1),
                "lines" => Some(2),
                "lines_adjacency" => Some(4),
                "triangles" => Some(3),
                "triangles_adjacency" => Some(6),
                _ => None,
            });
            if let Some(n) = vertices {
                for s in units {
                    for (_, v) in s.vars_of(fresnel_ir::VarMode::ShaderIn) {
                        if v.builtin || v.patch {
                            continue;
                        }
                        if let fresnel_ir::Type::Array { len, .. } = s.types.get(v.ty) {
                            if *len > n {
                                return Err(LinkError::new(format!(
                                    "the geometry input `{}` has {len} elements, but its input \
                                     primitive has {n} vertices",
                                    v.name
                                )));
                            }
                        }
                    }
                }
            }
            Ok(())
        }
        // GLSL 4.30 "Compute Shader Inputs": a local size must be declared in some unit;
        // GL_ARB_compute_variable_group_size: fixed and variable sizes do not mix. The IR
        // keeps a default size; whether one was written is the front end's.
        Stage::Compute if facts.iter().any(|f| f.stage == Stage::Compute && !f.vulkan) => {
            let compute = || facts.iter().filter(|f| f.stage == Stage::Compute);
            let fixed = compute().any(|f| f.local_size_fixed);
            let variable = compute().any(|f| f.local_size_variable);
            match (fixed, variable) {
                (false, false) => fail(
                    "the compute shader declares no local size (`layout(local_size_x = N) in`)",
                ),
                (true, true) => {
                    fail("the compute shader declares both a fixed and a variable local size")
                }
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}
