//! Declaring the built-in variables: the sections of `builtins/variables.glsl` available for
//! this stage and version are parsed (in the parser's built-in mode) and checked like user
//! declarations, with `gl_` names allowed.

use fresnel_syntax::ast::TranslationUnit;
use fresnel_syntax::diag::Diagnostics;
use fresnel_syntax::extensions::ExtensionState;
use fresnel_syntax::intern::Interner;
use fresnel_syntax::parse::{parse, ParseOptions};
use fresnel_syntax::pp::{preprocess, NoIncludes, PpOptions};
use fresnel_syntax::source::{FileOrigin, SourceMap};
use fresnel_syntax::version::Version;

use super::{CheckOptions, Checker};
use crate::builtins;

/// Parses the built-in declarations available in this context.
pub(super) fn parse_sections(
    version: Version,
    opts: &CheckOptions,
    exts: &ExtensionState,
    interner: &mut Interner,
) -> TranslationUnit {
    let cx = builtins::Context {
        version,
        stage: opts.stage,
        vulkan: opts.target.is_vulkan(),
        exts,
    };
    let mut text = String::new();
    for s in builtins::variable_sections(&cx) {
        text.push_str(s);
    }
    if text.is_empty() {
        return TranslationUnit::default();
    }
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::new();
    let file = sm.add_file("<built-in>", text, FileOrigin::CommandLine);
    let pp_opts = PpOptions {
        stage: opts.stage,
        target: opts.target,
        version_override: Some(version),
        ..PpOptions::default()
    };
    let out = preprocess(
        &mut sm,
        interner,
        &mut diags,
        file,
        &pp_opts,
        &mut NoIncludes,
    );
    let parse_opts = ParseOptions {
        builtin: true,
        stage: opts.stage,
        ..ParseOptions::default()
    };
    let tu = parse(&out, &sm, interner, &mut diags, &parse_opts);
    debug_assert!(
        !diags.has_errors(),
        "built-in declarations do not parse: {:?}",
        diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>()
    );
    tu
}

impl Checker<'_> {
    pub(super) fn declare_builtin_variables(&mut self) {
        self.builtin_mode = true;
        self.in_builtin_tu = true;
        let decls = &self.builtin_tu.decls;
        for d in decls {
            self.external(d);
        }
        self.in_builtin_tu = false;
        self.builtin_mode = false;
    }
}
