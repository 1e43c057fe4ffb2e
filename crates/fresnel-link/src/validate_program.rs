//! The program-level checks of a GL linker ([`validate_program`]), on the IR of every unit
//! and the [`ShaderFacts`] the front end gives for what the IR does not keep:
//!
//! - [`crate::link_varyings`]: the interface between every pair of adjacent present stages
//!   (vertex, tessellation control, tessellation evaluation, geometry, fragment);
//! - every present stage defines `main` (in one of its units);
//! - [`crate::link_layouts`]: the tessellation and geometry layouts a program needs;
//! - [`crate::link_uniforms`]: uniforms, uniform blocks and buffer blocks across stages
//!   (GL programs only), and explicit uniform locations.
//!
//! The first rule broken is returned as a [`LinkError`] naming the stages and the
//! variable.

use std::collections::BTreeSet;

use fresnel_ir::{Shader, Stage};

use crate::link_layouts::validate_stage_layouts;
use crate::link_uniforms::{
    cross_validate_uniform_facts, cross_validate_uniforms, validate_explicit_uniform_locations,
};
use crate::link_varyings::{cross_validate_outputs_to_inputs, stage_name};
use crate::program_facts::{Language, ShaderFacts};
use crate::LinkError;

/// The stages of a graphics pipeline, in order.
pub(crate) const PIPELINE: [Stage; 5] = [
    Stage::Vertex,
    Stage::TessControl,
    Stage::TessEval,
    Stage::Geometry,
    Stage::Fragment,
];

/// Checks that the units of one program link: `shaders` are the units (several of one
/// stage are allowed, as before or after [`crate::link_units`]), `facts` what the front end
/// collected of each unit (any order; a stage without facts has no statically used inputs
/// and no `max_vertices` to check). A program of one shader is checked too (its layouts,
/// its explicit uniform locations).
pub fn validate_program(shaders: &[&Shader], facts: &[ShaderFacts]) -> Result<(), LinkError> {
    let lang = Language::of(facts);
    let stages: Vec<(Stage, Vec<&Shader>)> = PIPELINE
        .iter()
        .chain(std::iter::once(&Stage::Compute))
        .filter_map(|st| {
            let v: Vec<&Shader> = shaders.iter().copied().filter(|s| s.stage == *st).collect();
            (!v.is_empty()).then_some((*st, v))
        })
        .collect();
    let pipeline: Vec<(Stage, &[&Shader])> = stages
        .iter()
        .filter(|(s, _)| *s != Stage::Compute)
        .map(|(s, v)| (*s, v.as_slice()))
        .collect();
    // Mesa's "function `main' is not defined" (glslang: "Missing entry point").
    for (stage, units) in &stages {
        if units.iter().all(|s| s.entry.is_none()) {
            return Err(LinkError::new(format!(
                "the {} shader does not define `main`",
                stage_name(*stage)
            )));
        }
    }
    for pair in pipeline.windows(2) {
        // An input nobody writes is an error only when it is statically used.
        let used: BTreeSet<&str> = facts
            .iter()
            .filter(|f| f.stage == pair[1].0)
            .flat_map(|f| f.used_inputs.iter().map(String::as_str))
            .collect();
        let invariant = |st: Stage| -> BTreeSet<&str> {
            facts
                .iter()
                .filter(|f| f.stage == st)
                .flat_map(|f| f.explicit_invariant.iter().map(String::as_str))
                .collect()
        };
        let invariance = (invariant(pair[0].0), invariant(pair[1].0));
        cross_validate_outputs_to_inputs(pair[0], pair[1], &used, &invariance, lang)?;
    }
    for (stage, units) in &stages {
        validate_stage_layouts(*stage, units, facts, lang)?;
    }
    if lang.uniforms_are_shared() {
        let all: Vec<(Stage, &Shader)> = stages
            .iter()
            .flat_map(|(s, v)| v.iter().map(move |x| (*s, *x)))
            .collect();
        cross_validate_uniforms(&all, lang)?;
        validate_explicit_uniform_locations(&all)?;
        cross_validate_uniform_facts(facts, lang)?;
    }
    Ok(())
}
