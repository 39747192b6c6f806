package dev.skyscaler.kubernetes.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * Every package of a module as a slice of its own, the module's root package included: {@code
 * slices().matching("dev.skyscaler.aws.(**)")} would leave the root package out, and a cycle
 * between it and a sub-package is the one most easily made. Classes outside the root are ignored.
 * Used by each module's package cycle test.
 */
public record ModulePackages(String root) implements SliceAssignment {

  @Override
  public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
    String pkg = javaClass.getPackageName();
    if (pkg.equals(root) || pkg.startsWith(root + ".")) {
      return SliceIdentifier.of(pkg);
    }
    return SliceIdentifier.ignore();
  }

  @Override
  public String getDescription() {
    return "the packages of " + root + " (itself included)";
  }
}
